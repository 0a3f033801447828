// gaitspace-cli matchweb A [B] [--png web.png] [--csv web.csv] [--json]: the match web of two clips
// (or of one clip with itself), its minima and chains, optionally as a heat map and a CSV grid.

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QPainter>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "cli_common.h"
#include "core/analysis/match_web.h"
#include "render/heat_colour.h"

namespace gs::cli {
namespace {

bool writePng(const MatchWeb& web, const QString& path) {
    // Columns (frames of B) run right, rows (frames of A) run down; small webs are enlarged.
    const int scale = std::max(1, 600 / std::max(web.rows, web.cols));
    QImage grid(web.cols, web.rows, QImage::Format_RGB32);
    // Scale colours to a high percentile so one outlier does not wash the picture out.
    std::vector<float> sorted = web.cost;
    std::sort(sorted.begin(), sorted.end());
    const float top = std::max(sorted[static_cast<size_t>(0.98 * (sorted.size() - 1))], 1e-6f);
    for (int i = 0; i < web.rows; ++i)
        for (int j = 0; j < web.cols; ++j) grid.setPixelColor(j, i, heatColour(web.at(i, j) / top));
    QImage image = grid.scaled(web.cols * scale, web.rows * scale);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(QColor(0, 255, 255), std::max(1.5, scale * 0.5)));
    for (const Chain& c : web.chains)
        for (size_t k = 1; k < c.cells.size(); ++k)
            p.drawLine(QPointF((c.cells[k - 1].y + 0.5) * scale, (c.cells[k - 1].x + 0.5) * scale),
                       QPointF((c.cells[k].y + 0.5) * scale, (c.cells[k].x + 0.5) * scale));
    p.end();
    return image.save(path, "PNG");
}

bool writeCsv(const MatchWeb& web, const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) return false;
    QTextStream out(&f);
    for (int i = 0; i < web.rows; ++i) {
        for (int j = 0; j < web.cols; ++j)
            out << (j ? "," : "") << QString::number(web.at(i, j), 'g', 6);
        out << "\n";
    }
    return out.status() == QTextStream::Ok;
}

}  // namespace

int runMatchWeb(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Computes the match web (point-cloud distance of every frame pair, metres RMS) of two "
        "clips, or of one clip with itself, with its local minima and chains.");
    parser.addHelpOption();
    parser.addPositionalArgument("A", "First clip (rows).");
    parser.addPositionalArgument("B", "Second clip (columns); omitted = A again.", "[B]");
    parser.addOption({"json", "Print one JSON object on stdout."});
    parser.addOption({"png", "Write a heat map (dark = similar) with the chains drawn.", "file"});
    parser.addOption({"csv", "Write the grid as CSV (one row per frame of A).", "file"});
    parser.addOption({"epsilon", "Minima above this distance (m) are not matches.", "metres"});
    parser.addOption({"window", "Point-cloud window (s).", "seconds"});
    parser.process(arguments);
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty() || files.size() > 2) {
        printError({}, "matchweb needs one or two FILEs");
        return 2;
    }
    const auto a = loadFirstClip(files[0]);
    if (!a) return 1;
    std::optional<Clip> b;
    if (files.size() == 2 && !(b = loadFirstClip(files[1]))) return 1;

    MatchWebJob job;
    if (parser.isSet("epsilon")) job.settings.epsilon = parser.value("epsilon").toFloat();
    if (parser.isSet("window")) job.settings.cloud.windowSeconds = parser.value("window").toFloat();
    job.a = &*a;
    job.b = b ? &*b : &*a;
    QElapsedTimer timer;
    timer.start();
    if (Status s = job.run(); !s) {
        printError(files.join(", "), QString::fromStdString(s.message()));
        return 1;
    }
    const double seconds = timer.nsecsElapsed() * 1e-9;
    const MatchWeb& web = job.output;
    if (parser.isSet("png") && !writePng(web, parser.value("png"))) {
        printError(parser.value("png"), "cannot write the PNG");
        return 1;
    }
    if (parser.isSet("csv") && !writeCsv(web, parser.value("csv"))) {
        printError(parser.value("csv"), "cannot write the CSV");
        return 1;
    }
    QJsonArray chains;
    for (const Chain& c : web.chains)
        chains.append(QJsonObject{{"start", QJsonArray{c.start.x, c.start.y}},
                                  {"end", QJsonArray{c.end.x, c.end.y}},
                                  {"mean_cost", c.meanCost}});
    if (parser.isSet("json")) {
        printJson({{"rows", web.rows},
                   {"cols", web.cols},
                   {"minima", static_cast<int>(web.minima.size())},
                   {"chains", chains},
                   {"seconds", seconds},
                   {"window_frames", web.windowSamples},
                   {"max_cost", web.maxCost()}});
        return 0;
    }
    std::printf("%d x %d frames, window %d frames, %zu minima, %zu chains, %.1f ms\n", web.rows,
                web.cols, web.windowSamples, web.minima.size(), web.chains.size(), seconds * 1e3);
    for (const Chain& c : web.chains)
        std::printf("  chain (%d, %d) -> (%d, %d)  mean %.3f m  lag %.1f\n", c.start.x, c.start.y,
                    c.end.x, c.end.y, c.meanCost, c.meanLag());
    return 0;
}

}  // namespace gs::cli
