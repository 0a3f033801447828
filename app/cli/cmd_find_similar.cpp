// gaitspace-cli find-similar FILE:FIRST-LAST FILE... [--json]: every span of the FILEs that moves
// like frames FIRST-LAST of the first file, found by match web (core/analysis/similar_spans.h).

#include <QCommandLineParser>
#include <QFileInfo>
#include <QRegularExpression>

#include <cstdio>

#include "cli_common.h"
#include "core/analysis/similar_spans.h"

namespace gs::cli {

namespace {

struct QuerySpan {
    QString file;
    int first = 0, last = 0;
};

// "FILE:FIRST-LAST" (the last colon splits, so a file name may hold colons).
std::optional<QuerySpan> parseQuery(const QString& text) {
    static const QRegularExpression span("^(\\d{1,9})-(\\d{1,9})$");
    const int colon = text.lastIndexOf(':');
    if (colon <= 0) return std::nullopt;
    const QRegularExpressionMatch m = span.match(text.mid(colon + 1));
    if (!m.hasMatch()) return std::nullopt;
    return QuerySpan{text.left(colon), m.captured(1).toInt(), m.captured(2).toInt()};
}

bool sameFile(const QString& a, const QString& b) {
    const QString ca = QFileInfo(a).canonicalFilePath(), cb = QFileInfo(b).canonicalFilePath();
    return !ca.isEmpty() && ca == cb;
}

}  // namespace

int runFindSimilar(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Finds every span of the FILEs that moves like frames FIRST-LAST of the query file: the "
        "match web of the query span against each file, its chains of local minima joined into "
        "monotone paths that cover most of the query, kept when their mean point-cloud distance "
        "is under --max-cost. The query file is searched only when it is also listed among the "
        "FILEs (its own span is then left out). Matches are sorted by cost, cheapest first.");
    parser.addHelpOption();
    parser.addPositionalArgument("FILE:FIRST-LAST",
                                 "The query: a motion file and its frames "
                                 "(inclusive, from 0).");
    parser.addPositionalArgument("FILE", "Motion files searched.", "FILE...");
    parser.addOption({"max-cost",
                      "Largest mean point-cloud distance of a match, metres RMS (default 0.08).",
                      "metres"});
    parser.addOption({"json", "Print one JSON object on stdout."});
    parser.process(arguments);
    const QStringList positional = parser.positionalArguments();
    if (positional.size() < 2) {
        printError({}, "find-similar needs FILE:FIRST-LAST and at least one FILE to search");
        return 2;
    }
    const auto query = parseQuery(positional.front());
    if (!query) {
        printError(positional.front(), "not FILE:FIRST-LAST (frames from 0, e.g. walk.bvh:10-45)");
        return 2;
    }
    if (query->last <= query->first) {
        printError(query->file, QString("frames %1-%2: the last frame must come after the first")
                                    .arg(query->first)
                                    .arg(query->last));
        return 2;
    }
    SimilarSpanSettings settings;
    if (parser.isSet("max-cost")) {
        bool ok = false;
        const float cost = parser.value("max-cost").toFloat(&ok);
        settings.maxCost = cost;
        settings.web.epsilon = std::max(settings.web.epsilon, cost);  // chain cells up to it too
        if (Status s = settings.validate(); !ok || !s) {
            printError({}, "--max-cost must be a distance in (0, 10] m");
            return 2;
        }
    }

    // The library in the order given; unreadable files are named and left out.
    const QStringList files = positional.mid(1);
    std::vector<Clip> library;
    QStringList libraryFiles;
    int failed = 0, queryIndex = -1;
    bool queryUnreadable = false;
    for (const QString& file : files) {
        const bool isQuery = queryIndex < 0 && sameFile(file, query->file);
        auto clip = loadFirstClip(file);
        if (!clip) {
            queryUnreadable = queryUnreadable || isQuery;
            ++failed;
            continue;
        }
        if (isQuery) queryIndex = static_cast<int>(library.size());
        library.push_back(std::move(*clip));
        libraryFiles << file;
    }
    std::optional<Clip> own;
    if (queryUnreadable || (queryIndex < 0 && !(own = loadFirstClip(query->file)))) return 1;
    const Clip& queryClip = queryIndex >= 0 ? library[queryIndex] : *own;
    if (query->last >= queryClip.frameCount()) {
        printError(query->file, QString("frames %1-%2 are outside the clip (frames 0-%3)")
                                    .arg(query->first)
                                    .arg(query->last)
                                    .arg(queryClip.frameCount() - 1));
        return 2;
    }

    SimilarSpansJob job;
    job.settings = settings;
    job.query = &queryClip;
    job.first = query->first;
    job.last = query->last;
    job.library = library;
    job.queryIndex = queryIndex;
    if (Status s = job.run(); !s) {
        printError(query->file, QString::fromStdString(s.message()));
        return 1;
    }
    for (const SkippedClip& k : job.skipped) {
        printError(libraryFiles[k.clip], "not searched: " + QString::fromStdString(k.reason));
        ++failed;
    }

    if (parser.isSet("json")) {
        QJsonArray matches;
        for (const SimilarSpan& m : job.output)
            matches.append(QJsonObject{{"file", libraryFiles[m.clip]},
                                       {"first", m.first},
                                       {"last", m.last},
                                       {"cost", m.cost},
                                       {"coverage", m.coverage}});
        printJson({{"query", QJsonObject{{"file", query->file},
                                         {"first", query->first},
                                         {"last", query->last},
                                         {"fps", queryClip.fps}}},
                   {"matches", matches}});
    } else {
        const int searched = static_cast<int>(library.size() - job.skipped.size());
        std::printf("query %s frames %d-%d (%.2f s): %d match%s in %d file%s searched\n",
                    qPrintable(query->file), query->first, query->last,
                    (query->last - query->first) / queryClip.fps,
                    static_cast<int>(job.output.size()), job.output.size() == 1 ? "" : "es",
                    searched, searched == 1 ? "" : "s");
        for (const SimilarSpan& m : job.output)
            std::printf("  %s %d-%d cost %.4f m coverage %.2f\n", qPrintable(libraryFiles[m.clip]),
                        m.first, m.last, m.cost, m.coverage);
    }
    return failed > 0 ? 1 : 0;
}

}  // namespace gs::cli
