#include "app/document/space_commands.h"

#include <QCoreApplication>

#include "core/authoring_limits.h"

namespace gs {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("gs::SpaceCommands", text); }

bool valid(const ProjectDocument* doc, int space) {
    return space >= 0 && space < static_cast<int>(doc->project().spaces.size());
}

// Appends to `list` the ids of `ids` that name clips and are not in it yet (once each); returns
// them.
QStringList appendNew(const ProjectDocument* doc, QStringList& list, const QStringList& ids) {
    QStringList added;
    for (const QString& id : ids)
        if (doc->clip(id) && !list.contains(id) && !added.contains(id)) added << id;
    list << added;
    return added;
}

// Takes `ids` out of `list`; returns those that were in it.
QStringList takeOut(QStringList& list, const QStringList& ids) {
    QStringList removed;
    for (const QString& id : ids)
        if (list.removeAll(id) > 0) removed << id;
    return removed;
}
}  // namespace

SetSpacesCommand::SetSpacesCommand(ProjectDocument* doc, std::vector<ProjectSpace> after,
                                   const QString& text)
    : m_doc(doc), m_before(doc->spaces()), m_after(std::move(after)) {
    setText(text);
}

SetCyclesCommand::SetCyclesCommand(ProjectDocument* doc, int cycles)
    : m_doc(doc), m_before(doc->project().settings.cycles), m_after(cycles) {
    setText(cycles == 0 ? tr("Loops of the fewest cycles any clip holds")
                        : tr("Loops of %1 cycles").arg(cycles));
}

namespace spaces {

QString uniqueName(const ProjectDocument* doc, const QString& base) {
    auto taken = [doc](const QString& name) {
        for (const ProjectSpace& s : doc->project().spaces)
            if (s.name == name) return true;
        return false;
    };
    if (!taken(base)) return base;
    for (int i = 2;; ++i)
        if (!taken(QStringLiteral("%1 %2").arg(base).arg(i)))
            return QStringLiteral("%1 %2").arg(base).arg(i);
}

bool create(ProjectDocument* doc, const QString& name) {
    const QString n = name.trimmed();
    if (n.isEmpty() || uniqueName(doc, n) != n) return false;
    auto after = doc->spaces();
    ProjectSpace space;
    space.name = n;
    after.push_back(space);
    doc->undoStack()->push(
        new SetSpacesCommand(doc, std::move(after), tr("New motion space %1").arg(n)));
    return true;
}

bool rename(ProjectDocument* doc, int space, const QString& name) {
    const QString n = name.trimmed();
    if (!valid(doc, space) || n.isEmpty() || doc->project().spaces[space].name == n ||
        uniqueName(doc, n) != n)
        return false;
    auto after = doc->spaces();
    const QString before = after[space].name;
    after[space].name = n;
    doc->undoStack()->push(
        new SetSpacesCommand(doc, std::move(after), tr("Rename space %1 to %2").arg(before, n)));
    return true;
}

bool move(ProjectDocument* doc, int space, int to) {
    if (!valid(doc, space) || !valid(doc, to) || space == to) return false;
    auto after = doc->spaces();
    const QString name = after[space].name;
    ProjectSpace moved = after[space];
    after.erase(after.begin() + space);
    after.insert(after.begin() + to, std::move(moved));
    doc->undoStack()->push(new SetSpacesCommand(
        doc, std::move(after), tr("Move space %1 to place %2").arg(name).arg(to + 1)));
    return true;
}

bool remove(ProjectDocument* doc, int space) {
    if (!valid(doc, space)) return false;
    auto after = doc->spaces();
    const QString name = after[space].name;
    after.erase(after.begin() + space);
    doc->undoStack()->push(
        new SetSpacesCommand(doc, std::move(after), tr("Delete space %1").arg(name)));
    return true;
}

bool addClips(ProjectDocument* doc, int space, const QStringList& ids) {
    if (!valid(doc, space)) return false;
    auto after = doc->spaces();
    const QStringList added = appendNew(doc, after[space].clipIds, ids);
    if (added.isEmpty()) return false;
    const QString name = after[space].name;
    doc->undoStack()->push(new SetSpacesCommand(
        doc, std::move(after),
        added.size() == 1 ? tr("Add %1 to %2").arg(added.front(), name)
                          : tr("Add %1 clips to %2").arg(added.size()).arg(name)));
    return true;
}

bool removeClips(ProjectDocument* doc, int space, const QStringList& ids) {
    if (!valid(doc, space)) return false;
    auto after = doc->spaces();
    ProjectSpace& s = after[space];
    const QStringList removed = takeOut(s.clipIds, ids);
    if (removed.isEmpty()) return false;
    if (removed.contains(s.reference)) s.reference.clear();
    const QString name = s.name;
    doc->undoStack()->push(new SetSpacesCommand(
        doc, std::move(after),
        removed.size() == 1 ? tr("Remove %1 from %2").arg(removed.front(), name)
                            : tr("Remove %1 clips from %2").arg(removed.size()).arg(name)));
    return true;
}

bool addTransitions(ProjectDocument* doc, int space, BakedTransition::Kind kind,
                    const QStringList& ids) {
    if (!valid(doc, space)) return false;
    auto after = doc->spaces();
    const bool stop = kind == BakedTransition::Kind::Stop;
    const QStringList added =
        appendNew(doc, stop ? after[space].stopIds : after[space].startIds, ids);
    if (added.isEmpty()) return false;
    const QString name = after[space].name;
    const QString text =
        added.size() == 1
            ? (stop ? tr("Add stop %1 to %2") : tr("Add start %1 to %2")).arg(added.front(), name)
            : (stop ? tr("Add %1 stops to %2") : tr("Add %1 starts to %2"))
                  .arg(added.size())
                  .arg(name);
    doc->undoStack()->push(new SetSpacesCommand(doc, std::move(after), text));
    return true;
}

bool removeTransitions(ProjectDocument* doc, int space, BakedTransition::Kind kind,
                       const QStringList& ids) {
    if (!valid(doc, space)) return false;
    auto after = doc->spaces();
    const bool stop = kind == BakedTransition::Kind::Stop;
    const QStringList removed = takeOut(stop ? after[space].stopIds : after[space].startIds, ids);
    if (removed.isEmpty()) return false;
    const QString name = after[space].name;
    const QString text =
        removed.size() == 1
            ? (stop ? tr("Remove stop %1 from %2") : tr("Remove start %1 from %2"))
                  .arg(removed.front(), name)
            : (stop ? tr("Remove %1 stops from %2") : tr("Remove %1 starts from %2"))
                  .arg(removed.size())
                  .arg(name);
    doc->undoStack()->push(new SetSpacesCommand(doc, std::move(after), text));
    return true;
}

bool setReference(ProjectDocument* doc, int space, const QString& id) {
    if (!valid(doc, space)) return false;
    auto after = doc->spaces();
    ProjectSpace& s = after[space];
    if (s.reference == id || (!id.isEmpty() && !s.clipIds.contains(id))) return false;
    s.reference = id;
    const QString name = s.name;
    doc->undoStack()->push(
        new SetSpacesCommand(doc, std::move(after),
                             id.isEmpty() ? tr("Reference of %1: the straightest clip").arg(name)
                                          : tr("Reference of %1: %2").arg(name, id)));
    return true;
}

bool setCycles(ProjectDocument* doc, int cycles) {
    if (cycles < 0 || cycles > limits::kMaxCycles || cycles == doc->project().settings.cycles)
        return false;
    doc->undoStack()->push(new SetCyclesCommand(doc, cycles));
    return true;
}

}  // namespace spaces
}  // namespace gs
