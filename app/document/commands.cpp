#include "app/document/commands.h"

#include <QCoreApplication>

namespace gs {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("gs::Commands", text); }
}  // namespace

AddClipsCommand::AddClipsCommand(ProjectDocument* doc,
                                 std::vector<ProjectDocument::ClipEntry> entries)
    : m_doc(doc), m_entries(std::move(entries)) {
    setText(m_entries.size() == 1 ? tr("Import %1").arg(m_entries.front().clip.id)
                                  : tr("Import %1 clips").arg(m_entries.size()));
}

void AddClipsCommand::redo() {
    m_first = m_doc->clipCount();
    m_doc->insertClipsRaw(m_first, m_entries);
}

void AddClipsCommand::undo() {
    m_entries = m_doc->takeClipsRaw(m_first, static_cast<int>(m_entries.size()));
}

RemoveClipCommand::RemoveClipCommand(ProjectDocument* doc, const QString& id)
    : m_doc(doc), m_id(id) {
    setText(tr("Delete %1").arg(id));
}

void RemoveClipCommand::redo() {
    m_index = m_doc->indexOf(m_id);
    if (m_index < 0) return;
    m_spacesBefore = m_doc->spaces();
    std::vector<ProjectSpace> spaces = m_spacesBefore;
    for (ProjectSpace& s : spaces) {
        s.clipIds.removeAll(m_id);
        if (s.reference == m_id) s.reference.clear();
    }
    auto taken = m_doc->takeClipsRaw(m_index, 1);
    if (!taken.empty()) m_entry = std::move(taken.front());
    m_doc->setSpacesRaw(std::move(spaces));
}

void RemoveClipCommand::undo() {
    if (m_index < 0) return;
    m_doc->insertClipsRaw(m_index, {m_entry});
    m_doc->setSpacesRaw(m_spacesBefore);
}

RenameClipCommand::RenameClipCommand(ProjectDocument* doc, const QString& from, const QString& to)
    : m_doc(doc), m_from(from), m_to(to) {
    setText(tr("Rename %1 to %2").arg(from, to));
}

SetStyleCommand::SetStyleCommand(ProjectDocument* doc, const QString& id, const QString& from,
                                 const QString& to)
    : m_doc(doc), m_id(id), m_from(from), m_to(to) {
    setText(to.isEmpty() ? tr("Clear the style of %1").arg(id) : tr("Tag %1 as %2").arg(id, to));
}

SetTrimCommand::SetTrimCommand(ProjectDocument* doc, const QString& id, int fromIn, int fromOut,
                               int toIn, int toOut)
    : m_doc(doc), m_id(id), m_fromIn(fromIn), m_fromOut(fromOut), m_toIn(toIn), m_toOut(toOut) {
    setText(tr("Trim %1 to %2–%3")
                .arg(id, toIn < 0 ? QStringLiteral("start") : QString::number(toIn),
                     toOut < 0 ? QStringLiteral("end") : QString::number(toOut)));
}

SetStyleKeysCommand::SetStyleKeysCommand(ProjectDocument* doc, std::vector<ProjectStyleKey> from,
                                         std::vector<ProjectStyleKey> to, const QString& text,
                                         bool merging)
    : m_doc(doc), m_from(std::move(from)), m_to(std::move(to)), m_merging(merging) {
    setText(text);
}

bool SetStyleKeysCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = static_cast<const SetStyleKeysCommand*>(other);
    if (next->text() != text()) return false;  // another key
    m_to = next->m_to;
    return true;
}

SetStyleTransitionCommand::SetStyleTransitionCommand(ProjectDocument* doc, Value from, Value to)
    : m_doc(doc), m_from(from), m_to(to) {
    setText(to.byTransition ? tr("Style transition over %1 s").arg(to.seconds, 0, 'f', 2)
                            : tr("Style change %1 per frame").arg(to.increment, 0, 'f', 3));
}

SetKeepStyleCommand::SetKeepStyleCommand(ProjectDocument* doc, bool keep)
    : m_doc(doc), m_keep(keep) {
    setText(keep ? tr("Keep the style while steering") : tr("Let steering borrow a tighter turn"));
}

SetStyleWeightsCommand::SetStyleWeightsCommand(ProjectDocument* doc, std::vector<float> from,
                                               std::vector<float> to, const QString& text)
    : m_doc(doc), m_from(std::move(from)), m_to(std::move(to)) {
    setText(text);
}

bool SetStyleWeightsCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = static_cast<const SetStyleWeightsCommand*>(other);
    m_to = next->m_to;
    setText(next->text());
    return true;
}

bool SetStyleTransitionCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = static_cast<const SetStyleTransitionCommand*>(other);
    m_to = next->m_to;
    setText(next->text());
    return true;
}

}  // namespace gs
