#include "app/gui/docks/similar_spans_dock.h"

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <map>

#include "app/document/background_task.h"
#include "app/document/clip_analysis.h"
#include "app/document/commands.h"
#include "app/gui/panels/clip_pair_row.h"
#include "core/analysis/similar_spans.h"

namespace gs {

// What a search hands back to the GUI thread.
struct SimilarSearch {
    QString query;               // "16_15 frames 16-51"
    std::vector<QString> clips;  // per file searched: its library clip
    std::vector<QString> files;  // per file searched: the file read
    std::vector<SimilarSpan> spans;
    std::vector<SkippedClip> skipped;
    Status status;
};

namespace {

enum Column { ClipColumn, FramesColumn, CostColumn, CoverageColumn, ActionColumn };

}  // namespace

SimilarSpansDock::SimilarSpansDock(ProjectDocument* doc, QWidget* parent)
    : QDockWidget(tr("Similar spans"), parent), m_doc(doc), m_task(new BackgroundTask(this)) {
    setObjectName("similarSpansDock");
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    m_status = new QLabel(tr("Trim a clip on the timeline and press Find similar."), content);
    m_status->setObjectName("similarSpansStatus");
    m_status->setWordWrap(true);
    m_list = new QTreeWidget(content);
    m_list->setObjectName("similarSpansList");
    m_list->setRootIsDecorated(false);
    m_list->setHeaderLabels({tr("Clip"), tr("Frames"), tr("Cost (m)"), tr("Coverage"), {}});
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    layout->addWidget(m_status);
    layout->addWidget(m_list, 1);
    setWidget(content);

    connect(m_task, &BackgroundTask::progressChanged, this,
            [this](int value, int maximum, const QString&) {
                if (maximum > 0)
                    m_status->setText(tr("Searching for spans like %1… %2 %")
                                          .arg(m_query)
                                          .arg(100 * value / maximum));
            });
    connect(m_task, &BackgroundTask::finished, this, [this](bool cancelled) {
        if (cancelled) m_status->setText(tr("Search cancelled."));
    });
    // The listed rows name clips of the library: a changed library makes them stale.
    connect(doc, &ProjectDocument::projectReset, this, [this] {
        m_task->cancel();
        m_matches.clear();
        m_list->clear();
        m_status->clear();
    });
}

SimilarSpansDock::~SimilarSpansDock() = default;

QString SimilarSpansDock::status() const { return m_status->text(); }

void SimilarSpansDock::findSimilar(const QString& id, int first, int last) {
    const auto analysis = m_doc->clipAnalysis(id);
    const auto refuse = [this](const QString& why) {
        m_task->cancel();
        m_matches.clear();
        m_list->clear();
        m_status->setText(why);
        emit message(ProjectDocument::Level::Warning, why);
    };
    if (!analysis) return refuse(tr("Find similar: clip '%1' is not loaded yet.").arg(id));
    if (first < 0 || last >= analysis->source.frameCount() || last <= first)
        return refuse(tr("Find similar: frames %1-%2 are not a span of '%3' (frames 0-%4).")
                          .arg(first)
                          .arg(last)
                          .arg(id)
                          .arg(analysis->source.frameCount() - 1));
    // Each file once, in library order, as its first unmirrored clip reads it.
    std::vector<QString> clips, files;
    std::vector<std::shared_ptr<const ClipAnalysis>> sources;
    int queryIndex = -1;
    for (int k = 0; k < m_doc->clipCount(); ++k) {
        const QString clipId = m_doc->project().clips[k].id;
        const auto a = m_doc->clipAnalysis(clipId);
        if (!a || m_doc->project().clips[k].mirror ||
            std::find(files.begin(), files.end(), a->file) != files.end())
            continue;
        if (a->file == analysis->file) queryIndex = static_cast<int>(files.size());
        clips.push_back(clipId);
        files.push_back(a->file);
        sources.push_back(a);
    }
    m_query = tr("%1 frames %2-%3").arg(id).arg(first).arg(last);
    m_status->setText(tr("Searching for spans like %1…").arg(m_query));
    const QString query = m_query;
    m_task->run<std::shared_ptr<const SimilarSearch>>(
        tr("Find spans like %1").arg(m_query),
        [=](TaskControl& control) {
            auto search = std::make_shared<SimilarSearch>();
            search->query = query;
            search->clips = clips;
            search->files = files;
            std::vector<Clip> library;
            library.reserve(sources.size());
            for (const auto& s : sources) library.push_back(s->source);
            SimilarSpansJob job;
            job.query = &analysis->source;
            job.first = first;
            job.last = last;
            job.library = library;
            job.queryIndex = queryIndex;
            job.progress = progressTo(control);
            search->status = job.run();
            search->spans = std::move(job.output);
            search->skipped = std::move(job.skipped);
            return std::shared_ptr<const SimilarSearch>(search);
        },
        [this](std::shared_ptr<const SimilarSearch> search) { showSearch(*search); });
}

void SimilarSpansDock::showSearch(const SimilarSearch& search) {
    m_matches.clear();
    m_list->clear();
    if (!search.status) {
        const QString why = QString::fromStdString(search.status.message());
        m_status->setText(tr("Find similar failed: %1").arg(why));
        emit message(ProjectDocument::Level::Error,
                     tr("Find spans like %1: %2").arg(search.query, why));
        return;
    }
    for (const SimilarSpan& s : search.spans) {
        Match m{search.clips[s.clip], search.files[s.clip], s.first, s.last, s.cost, s.coverage};
        auto* item = new QTreeWidgetItem(m_list);
        item->setText(ClipColumn, m.clip);
        item->setToolTip(ClipColumn, m.file);
        item->setText(FramesColumn, QStringLiteral("%1-%2").arg(m.first).arg(m.last));
        item->setText(CostColumn, QString::number(m.cost, 'f', 3));
        item->setText(CoverageColumn, QStringLiteral("%1 %").arg(std::lround(100 * m.coverage)));
        auto* make = new QPushButton(tr("Make clip"), m_list);
        make->setToolTip(tr("Add frames %1-%2 of %3 to the library as a clip")
                             .arg(m.first)
                             .arg(m.last)
                             .arg(m.clip));
        const int row = static_cast<int>(m_matches.size());
        connect(make, &QPushButton::clicked, this, [this, row] { makeClip(row); });
        m_list->setItemWidget(item, ActionColumn, make);
        m_matches.push_back(m);
    }
    QString text = search.spans.empty()
                       ? tr("No span like %1 in the library.").arg(search.query)
                       : tr("%n span(s) like %1, cheapest first.", "", int(search.spans.size()))
                             .arg(search.query);
    for (const SkippedClip& k : search.skipped)
        text +=
            " " +
            tr("%1 not searched: %2.").arg(search.clips[k.clip], QString::fromStdString(k.reason));
    m_status->setText(text);
}

QString SimilarSpansDock::makeClip(int row) {
    if (row < 0 || row >= static_cast<int>(m_matches.size())) return {};
    const Match& m = m_matches[row];
    const ProjectClip* pc = m_doc->clip(m.clip);
    const auto analysis = m_doc->clipAnalysis(m.clip);
    if (!pc || !analysis) {
        emit message(ProjectDocument::Level::Warning,
                     tr("Make clip: clip '%1' is no longer in the library.").arg(m.clip));
        return {};
    }
    ProjectDocument::ClipEntry entry;
    entry.clip = *pc;
    const QString id =
        m_doc->uniqueId(QStringLiteral("%1_%2_%3").arg(m.clip).arg(m.first).arg(m.last));
    entry.clip.id = id;
    entry.clip.trimIn = m.first;
    entry.clip.trimOut = m.last;
    entry.clip.mirror = false;
    auto working =
        workingClip(analysis->source, m.first, m.last, m_doc->project().settings.fps, id, false);
    if (working) {
        entry.clip.clip = std::move(*working);
        entry.clip.error.clear();
    } else {
        entry.clip.clip.reset();
        entry.clip.error = QString::fromStdString(working.message());
    }
    entry.analysis = analysis;
    std::vector<ProjectDocument::ClipEntry> entries;
    entries.push_back(std::move(entry));
    auto* command = new AddClipsCommand(m_doc, std::move(entries));
    command->setText(tr("Make clip %1 from a span like %2").arg(id, m_query));
    m_doc->undoStack()->push(command);
    return id;
}

}  // namespace gs
