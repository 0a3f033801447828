#pragma once
// SimilarSpansDock: "Find similar" for a span of a clip (the timeline's trim span). Every file of
// the library is searched once for spans that move like it, by match web, in the background with
// progress and cancel (core/analysis/similar_spans.h, as `gaitspace-cli find-similar` does); the
// matches are listed cheapest first with their cost, and each is one click from becoming a clip:
// a trim of its file, added to the library as one undoable step.
//
// Frames are those of the files at their own rate, as the project's trims and the timeline count
// them. Mirrored clips are not searched (their files are, unmirrored); files of another skeleton
// or frame rate than the query's are named in the status line and left out.

#include <QDockWidget>

#include <vector>

#include "app/document/project_document.h"

class QLabel;
class QTreeWidget;

namespace gs {

class BackgroundTask;
struct SimilarSearch;

class SimilarSpansDock : public QDockWidget {
    Q_OBJECT
public:
    explicit SimilarSpansDock(ProjectDocument* doc, QWidget* parent = nullptr);
    ~SimilarSpansDock() override;

    // One match as listed: the library clip whose file holds it and its frames in that file.
    struct Match {
        QString clip;  // the first unmirrored library clip of the file (its import settings)
        QString file;  // the file read
        int first = 0, last = 0;
        float cost = 0.0f;  // metres RMS
        float coverage = 0.0f;
    };

    BackgroundTask* task() const { return m_task; }
    QTreeWidget* list() const { return m_list; }
    const std::vector<Match>& matches() const { return m_matches; }
    QString status() const;

    // Searches the library for spans like source frames [first, last] of clip `id`, in the
    // background; a newer request replaces a running one. Refused with a message (and nothing
    // listed) when the clip has no analysis yet or the span is not inside its file.
    void findSimilar(const QString& id, int first, int last);
    // Adds match `row` to the library as a clip trimmed to it (named after its file's clip, its
    // style kept), as one undoable step. Returns the new id; empty for a row not listed.
    QString makeClip(int row);

signals:
    void message(gs::ProjectDocument::Level level, const QString& text);

private:
    void showSearch(const SimilarSearch& search);

    ProjectDocument* m_doc;
    BackgroundTask* m_task;
    QLabel* m_status;
    QTreeWidget* m_list;
    std::vector<Match> m_matches;
    QString m_query;  // "16_15 frames 16-51", for the undo step's name
};

}  // namespace gs
