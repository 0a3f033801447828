#include "app/document/project_document.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>

#include "app/document/commands.h"
#include "core/support/cancel.h"
#include "core/authoring_limits.h"
#include "core/support/stable_sort.h"

namespace gs {

namespace {

const QString kDataVariable = QStringLiteral("${GAITSPACE_DATA_DIR}");

// The folder ${GAITSPACE_DATA_DIR} stands for in `project`, when any of its sources names it.
QString namedDataDir(const Project& project) {
    bool named = project.character.source.contains(kDataVariable) ||
                 project.character.texture.contains(kDataVariable);
    for (const ProjectClip& c : project.clips) named = named || c.source.contains(kDataVariable);
    return named ? QDir::cleanPath(dataDirFor(project.path)) : QString();
}

// Sources as another project file at `path` must name them: absolute when `absolute`; else with
// their variables kept, a file under `dataDir` (when given) as ${GAITSPACE_DATA_DIR}/..., any
// other relative to the new folder.
Project rebased(const Project& project, const QString& path, bool absolute,
                const QString& dataDir = {}) {
    Project copy = project;
    auto rebase = [&](QString& source) {
        if (source.isEmpty() || (!absolute && source.contains(QLatin1String("${")))) return;
        const QString file = project.resolve(source);
        source = absolute ? file : projectSource(file, path, dataDir);
    };
    for (ProjectClip& c : copy.clips) rebase(c.source);
    rebase(copy.character.source);
    rebase(copy.character.texture);
    copy.path = QFileInfo(path).absoluteFilePath();
    return copy;
}

}  // namespace

ProjectDocument::ProjectDocument(QObject* parent)
    : QObject(parent),
      m_undo(new QUndoStack(this)),
      m_pool(new QThreadPool(this)),
      m_import(new QFutureWatcher<ImportResult>(this)),
      m_analyse(new QFutureWatcher<ImportResult>(this)) {
    m_pool->setMaxThreadCount(std::max(1, QThread::idealThreadCount() - 1));
    m_pool->setThreadPriority(QThread::LowPriority);
    connect(m_undo, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
    connect(m_import, &QFutureWatcherBase::finished, this, &ProjectDocument::finishImport);
    connect(m_import, &QFutureWatcherBase::progressValueChanged, this,
            [this](int v) { emit progress(v, m_import->progressMaximum()); });
    connect(m_analyse, &QFutureWatcherBase::resultReadyAt, this, [this](int i) {
        if (m_analyse->isCanceled()) return;  // stopped reads report nothing
        const ImportResult r = m_analyse->resultAt(i);
        if (i >= m_analyseKeys.size()) return;
        const QString k = m_analyseKeys[i];
        if (!r.analysis) {
            emit message(Level::Warning,
                         tr("%1: cannot analyse: %2").arg(QFileInfo(r.file).fileName(), r.error));
            return;
        }
        m_analysis[k] = r.analysis;
        for (const ProjectClip& c : m_project.clips)
            if (key(c) == k) emit analysisReady(c.id);
    });
    connect(m_analyse, &QFutureWatcherBase::finished, this, [this] {
        if (!m_import->isRunning()) emit busyChanged(false, {});
    });
    connect(m_analyse, &QFutureWatcherBase::progressValueChanged, this, [this](int v) {
        if (!m_import->isRunning()) emit progress(v, m_analyse->progressMaximum());
    });
}

ProjectDocument::~ProjectDocument() {
    if (m_importCancel) *m_importCancel = true;
    if (m_analyseCancel) *m_analyseCancel = true;
    m_import->cancel();
    m_analyse->cancel();
    waitForBackground();
}

QString ProjectDocument::displayName() const {
    return m_project.path.isEmpty() ? tr("Untitled") : QFileInfo(m_project.path).fileName();
}

QString ProjectDocument::dataDir() const {
    if (!m_dataDir.isEmpty() && QFileInfo(m_dataDir).isDir()) return m_dataDir;
    const QString dir = dataDirFor(m_project.path);
    return QFileInfo(dir).isDir() ? dir : QString();
}

QString ProjectDocument::key(const ProjectClip& c) const {
    return m_project.resolve(c.source) + QLatin1Char('|') + QString::number(c.unitScale) +
           QLatin1Char('|') + QLatin1String(rootMotionModeName(c.rootMotion)) + QLatin1Char('|') +
           c.animation;
}

int ProjectDocument::indexOf(const QString& id) const {
    for (size_t i = 0; i < m_project.clips.size(); ++i)
        if (m_project.clips[i].id == id) return static_cast<int>(i);
    return -1;
}

std::shared_ptr<const ClipAnalysis> ProjectDocument::clipAnalysis(const QString& id) const {
    const ProjectClip* c = clip(id);
    if (!c) return nullptr;
    auto it = m_analysis.find(key(*c));
    return it == m_analysis.end() ? nullptr : it->second;
}

void ProjectDocument::reset(Project project, bool modified) {
    if (m_analyseCancel) *m_analyseCancel = true;
    m_analyse->cancel();
    ++m_generation;
    m_project = std::move(project);
    m_dataDir = namedDataDir(m_project);
    m_analysis.clear();
    m_undo->clear();
    if (modified) m_undo->resetClean();
    emit projectReset();
    emit pathChanged(m_project.path);
    emit modifiedChanged(isModified());
    startAnalysis();
}

void ProjectDocument::startAnalysis() {
    m_analyseKeys.clear();
    struct Job {
        QString file;
        float unitScale = 0.0f;
        RootMotionMode rootMotion = RootMotionMode::Auto;
        QString animation;
    };
    QList<Job> jobs;
    for (const ProjectClip& c : m_project.clips) {
        if (!c.error.isEmpty()) continue;
        const QString k = key(c);
        if (m_analyseKeys.contains(k)) continue;
        m_analyseKeys << k;
        jobs << Job{m_project.resolve(c.source), c.unitScale, c.rootMotion, c.animation};
    }
    if (jobs.isEmpty()) return;
    emit busyChanged(true, tr("Reading %1 clips").arg(jobs.size()));
    if (m_analyseCancel) *m_analyseCancel = true;
    m_analyseCancel = std::make_shared<std::atomic<bool>>(false);
    m_analyse->setFuture(
        QtConcurrent::mapped(m_pool, jobs, [cancel = m_analyseCancel](const Job& job) {
            const CancelScope scope(cancel.get());
            ImportResult r;
            r.file = job.file;
            auto a = analyzeClipFile(job.file, job.unitScale, job.rootMotion, job.animation);
            if (a)
                r.analysis = *a;
            else
                r.error = QString::fromStdString(a.message());
            return r;
        }));
}

bool ProjectDocument::isImporting() const { return m_import->isRunning(); }

void ProjectDocument::cancelImport() {
    if (m_importCancel) *m_importCancel = true;
    if (m_analyseCancel) *m_analyseCancel = true;
    m_import->cancel();
    m_analyse->cancel();
}

void ProjectDocument::waitForBackground() {
    m_import->waitForFinished();
    m_analyse->waitForFinished();
}

void ProjectDocument::importFiles(const QStringList& files) {
    if (files.isEmpty()) return;
    if (m_import->isRunning()) {
        emit message(Level::Warning, tr("An import is already running; try again when it ends."));
        return;
    }
    m_importFiles = files;
    emit busyChanged(true, files.size() == 1
                               ? tr("Importing %1").arg(QFileInfo(files.front()).fileName())
                               : tr("Importing %1 files").arg(files.size()));
    emit progress(0, static_cast<int>(files.size()));
    m_importCancel = std::make_shared<std::atomic<bool>>(false);
    m_import->setFuture(
        QtConcurrent::mapped(m_pool, files, [cancel = m_importCancel](const QString& file) {
            const CancelScope scope(cancel.get());
            ImportResult r;
            r.file = file;
            auto a = analyzeClipFile(file);
            if (a)
                r.analysis = *a;
            else
                r.error = QString::fromStdString(a.message());
            return r;
        }));
}

QString ProjectDocument::uniqueId(const QString& base) const {
    QString clean = base;
    clean.replace(QRegularExpression(QStringLiteral("\\s+")), QStringLiteral("_"));
    if (clean.isEmpty()) clean = QStringLiteral("clip");
    clean = clean.left(64);
    QString id = clean;
    for (int n = 2; clip(id); ++n) id = QStringLiteral("%1_%2").arg(clean).arg(n);
    return id;
}

void ProjectDocument::finishImport() {
    const QFuture<ImportResult> future = m_import->future();
    if (future.isCanceled()) {
        emit message(Level::Info, tr("Import cancelled; no clip was added."));
        if (!m_analyse->isRunning()) emit busyChanged(false, {});
        emit importFinished(0, 0, true);
        return;
    }
    std::vector<ClipEntry> entries;
    QSet<QString> taken;
    int failed = 0;
    for (int i = 0; i < future.resultCount(); ++i) {
        const ImportResult r = future.resultAt(i);
        const QString name = QFileInfo(r.file).fileName();
        if (!r.analysis) {
            ++failed;
            emit message(Level::Error, tr("%1: %2").arg(name, r.error));
            continue;
        }
        for (const QString& w : r.analysis->warnings)
            emit message(Level::Warning, tr("%1: %2").arg(name, w));
        ClipEntry e;
        QString id = uniqueId(QFileInfo(r.file).completeBaseName());
        for (int n = 2; taken.contains(id); ++n)
            id = uniqueId(QFileInfo(r.file).completeBaseName() + "_" + QString::number(n));
        taken.insert(id);
        e.clip.id = id;
        const QString file = QFileInfo(r.file).absoluteFilePath();
        e.clip.source = m_project.path.isEmpty()
                            ? file
                            : QFileInfo(m_project.path).absoluteDir().relativeFilePath(file);
        e.clip.units = r.analysis->units;
        auto working = workingClip(r.analysis->source, -1, -1, m_project.settings.fps, id);
        if (!working) {
            ++failed;
            emit message(Level::Error,
                         tr("%1: %2").arg(name, QString::fromStdString(working.message())));
            continue;
        }
        e.clip.clip = std::move(*working);
        e.analysis = r.analysis;
        entries.push_back(std::move(e));
    }
    const int loaded = static_cast<int>(entries.size());
    if (loaded > 0) {
        m_undo->push(new AddClipsCommand(this, std::move(entries)));
        emit message(Level::Info,
                     tr("Imported %1 of %2 files.").arg(loaded).arg(future.resultCount()));
    }
    if (!m_analyse->isRunning()) emit busyChanged(false, {});
    emit importFinished(loaded, failed, false);
}

bool ProjectDocument::renameClip(const QString& id, const QString& newId) {
    const QString to = newId.trimmed();
    if (!clip(id) || to == id) return false;
    if (to.isEmpty() || to.size() > 64) {
        emit message(Level::Error, tr("A clip name needs 1 to 64 characters."));
        return false;
    }
    if (clip(to)) {
        emit message(Level::Error, tr("There is already a clip named '%1'.").arg(to));
        return false;
    }
    m_undo->push(new RenameClipCommand(this, id, to));
    return true;
}

void ProjectDocument::setClipStyle(const QString& id, const QString& style) {
    const ProjectClip* c = clip(id);
    if (!c || c->style == style.trimmed()) return;
    m_undo->push(new SetStyleCommand(this, id, c->style, style.trimmed()));
}

void ProjectDocument::removeClip(const QString& id) {
    if (!clip(id)) return;
    m_undo->push(new RemoveClipCommand(this, id));
}

void ProjectDocument::removeClips(const QStringList& ids) {
    QStringList known;
    for (const QString& id : ids)
        if (clip(id) && !known.contains(id)) known << id;
    if (known.isEmpty()) return;
    if (known.size() == 1) {
        removeClip(known.front());
        return;
    }
    m_undo->beginMacro(tr("Delete %1 clips").arg(known.size()));
    for (const QString& id : known) m_undo->push(new RemoveClipCommand(this, id));
    m_undo->endMacro();
}

bool ProjectDocument::setTrim(const QString& id, int in, int out) {
    const ProjectClip* c = clip(id);
    if (!c) return false;
    const auto a = clipAnalysis(id);
    if (!a) return false;  // frames unknown until the file is read
    const int last = a->source.frameCount() - 1;
    if (in < 0) in = 0;
    if (out < 0 || out > last) out = last;
    if (in > out - 1) {
        emit message(Level::Error, tr("%1: a trim keeps at least two frames.").arg(id));
        return false;
    }
    const int newIn = in <= 0 ? -1 : in;
    const int newOut = out >= last ? -1 : out;
    if (newIn == c->trimIn && newOut == c->trimOut) return true;
    m_undo->push(new SetTrimCommand(this, id, c->trimIn, c->trimOut, newIn, newOut));
    return true;
}

void ProjectDocument::insertClipsRaw(int index, const std::vector<ClipEntry>& entries) {
    if (entries.empty()) return;
    index = std::clamp(index, 0, clipCount());
    std::vector<ProjectClip> clips;
    clips.reserve(entries.size());
    for (const ClipEntry& e : entries) {
        if (e.analysis) m_analysis[key(e.clip)] = e.analysis;
        clips.push_back(e.clip);
    }
    m_project.clips.insert(m_project.clips.begin() + index, std::make_move_iterator(clips.begin()),
                           std::make_move_iterator(clips.end()));
    m_project.checkSpaces();
    emit clipsChanged();
}

std::vector<ProjectDocument::ClipEntry> ProjectDocument::takeClipsRaw(int index, int count) {
    std::vector<ClipEntry> taken;
    if (index < 0 || count <= 0 || index >= clipCount()) return taken;
    count = std::min(count, clipCount() - index);
    taken.resize(count);
    for (int i = 0; i < count; ++i) {
        ClipEntry& e = taken[i];
        e.clip = std::move(m_project.clips[index + i]);
        auto it = m_analysis.find(key(e.clip));
        if (it != m_analysis.end()) e.analysis = it->second;
    }
    m_project.clips.erase(m_project.clips.begin() + index, m_project.clips.begin() + index + count);
    m_project.checkSpaces();
    emit clipsChanged();
    return taken;
}

void ProjectDocument::renameClipRaw(const QString& id, const QString& newId) {
    const int i = indexOf(id);
    if (i < 0) return;
    ProjectClip& c = m_project.clips[i];
    c.id = newId;
    if (c.clip) c.clip->name = newId.toStdString();
    for (ProjectSpace& s : m_project.spaces) {
        for (QStringList* list : {&s.clipIds, &s.stopIds, &s.startIds})
            for (QString& member : *list)
                if (member == id) member = newId;
        if (s.reference == id) s.reference = newId;
    }
    m_project.checkSpaces();
    emit clipRenamed(id, newId);
    emit clipChanged(newId);
    emit spacesChanged();
}

void ProjectDocument::setStyleRaw(const QString& id, const QString& style) {
    const int i = indexOf(id);
    if (i < 0) return;
    m_project.clips[i].style = style;
    emit clipChanged(id);
}

void ProjectDocument::setTrimRaw(const QString& id, int in, int out) {
    const int i = indexOf(id);
    if (i < 0) return;
    ProjectClip& c = m_project.clips[i];
    c.trimIn = in;
    c.trimOut = out;
    if (const auto a = clipAnalysis(id)) {
        auto working = workingClip(a->source, in, out, m_project.settings.fps, id, c.mirror);
        if (working) {
            c.clip = std::move(*working);
            c.error.clear();
        } else {
            c.error = QString::fromStdString(working.message());
        }
    }
    m_project.checkSpaces();
    emit clipChanged(id);
}

void ProjectDocument::setStyleKeys(std::vector<ProjectStyleKey> keys, const QString& what,
                                   bool merging) {
    stableSort(keys, [](const ProjectStyleKey& a, const ProjectStyleKey& b) {
        return a.seconds < b.seconds;
    });
    if (keys == m_project.styleKeys) return;
    m_undo->push(
        new SetStyleKeysCommand(this, m_project.styleKeys, std::move(keys), what, merging));
}

void ProjectDocument::setStyleTransition(bool byTransition, float increment, float seconds) {
    const ProjectSettings& s = m_project.settings;
    increment = std::clamp(increment, 0.001f, 1.0f);
    seconds =
        std::clamp(seconds, limits::kMinStyleTransitionSeconds, limits::kMaxStyleTransitionSeconds);
    if (byTransition == s.styleByTransition && increment == s.styleIncrement &&
        seconds == s.styleTransitionSeconds)
        return;
    m_undo->push(new SetStyleTransitionCommand(
        this, {s.styleByTransition, s.styleIncrement, s.styleTransitionSeconds},
        {byTransition, increment, seconds}));
}

void ProjectDocument::setStyleWeights(std::vector<float> weights) {
    weights.resize(m_project.spaces.size(), 0.0f);
    if (weights == m_project.style) return;
    // "Style walk 0.41, jog 0.59"
    QStringList parts;
    for (size_t i = 0; i < weights.size(); ++i)
        if (weights[i] > 0.0f)
            parts
                << QStringLiteral("%1 %2").arg(m_project.spaces[i].name).arg(weights[i], 0, 'f', 2);
    m_undo->push(new SetStyleWeightsCommand(this, m_project.style, std::move(weights),
                                            tr("Style %1").arg(parts.join(", "))));
}

void ProjectDocument::setStyleWeightsRaw(std::vector<float> weights) {
    m_project.style = std::move(weights);
    emit styleWeightsChanged();
}

void ProjectDocument::setCharacter(ProjectCharacter character, const QString& what) {
    const ProjectCharacter& now = m_project.character;
    if (character.source == now.source && character.texture == now.texture &&
        character.jointMap == now.jointMap)
        return;
    m_undo->push(new SetCharacterCommand(this, now, std::move(character), what));
}

void ProjectDocument::setLevel(ProjectLevel level, const QString& what) {
    const ProjectLevel& now = m_project.level;
    if (level.source == now.source && level.agent.radius == now.agent.radius &&
        level.agent.height == now.agent.height && level.agent.maxClimb == now.agent.maxClimb &&
        level.agent.maxSlopeDeg == now.agent.maxSlopeDeg)
        return;
    m_undo->push(new SetLevelCommand(this, now, std::move(level), what));
}

void ProjectDocument::setKeepStyle(bool keep) {
    if (keep == m_project.settings.keepStyle) return;
    m_undo->push(new SetKeepStyleCommand(this, keep));
}

void ProjectDocument::setKeepStyleRaw(bool keep) {
    m_project.settings.keepStyle = keep;
    emit settingsChanged();
}

void ProjectDocument::setCharacterRaw(ProjectCharacter character) {
    m_project.character = std::move(character);
    emit characterChanged();
}

void ProjectDocument::setLevelRaw(ProjectLevel level) {
    m_project.level = std::move(level);
    emit levelChanged();
}

void ProjectDocument::setStyleKeysRaw(std::vector<ProjectStyleKey> keys) {
    m_project.styleKeys = std::move(keys);
    emit styleKeysChanged();
}

void ProjectDocument::setStyleTransitionRaw(bool byTransition, float increment, float seconds) {
    m_project.settings.styleByTransition = byTransition;
    m_project.settings.styleIncrement = increment;
    m_project.settings.styleTransitionSeconds = seconds;
    emit styleTransitionChanged();
}

void ProjectDocument::setSpacesRaw(std::vector<ProjectSpace> spaces) {
    m_project.spaces = std::move(spaces);
    m_project.checkSpaces();
    emit spacesChanged();
}

void ProjectDocument::setCyclesRaw(int cycles) {
    m_project.settings.cycles = cycles;
    emit spacesChanged();
}

void ProjectDocument::resetAsUntitledCopy(Project project) {
    // Absolute while untitled (its folder is gone); the data folder it named is remembered.
    const QString dataDir = namedDataDir(project);
    Project copy = rebased(project, project.path, true);
    copy.path.clear();
    reset(std::move(copy));
    m_dataDir = dataDir;
}

Status ProjectDocument::save(const QString& path) {
    Project copy = rebased(m_project, path, false, m_dataDir);
    if (Status s = copy.save(path); !s) return s;
    // The document names its files as saved, where they name the same files from the new folder
    // (a ${GAITSPACE_DATA_DIR} that stands for another folder there stays absolute in memory).
    const QString keyBefore = m_project.path;
    Project before = m_project;
    m_project.path = copy.path;
    auto adopt = [&](QString& source, const QString& saved, const QString& was) {
        const QString file = before.resolve(was);
        source = m_project.resolve(saved) == file ? saved : file;
    };
    for (size_t i = 0; i < m_project.clips.size(); ++i)
        adopt(m_project.clips[i].source, copy.clips[i].source, before.clips[i].source);
    if (!copy.character.source.isEmpty())
        adopt(m_project.character.source, copy.character.source, before.character.source);
    if (!copy.character.texture.isEmpty())
        adopt(m_project.character.texture, copy.character.texture, before.character.texture);
    m_undo->setClean();
    if (keyBefore != m_project.path) emit pathChanged(m_project.path);
    return Status::ok();
}

Status ProjectDocument::saveCopy(const QString& path) const {
    return rebased(m_project, path, true).save(path);
}

}  // namespace gs
