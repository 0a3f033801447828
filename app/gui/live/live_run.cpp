#include "app/gui/live/live_run.h"

#include "render/level_draw.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTime>
#include <QTimer>

#include <algorithm>
#include <cmath>

#include "app/document/background_task.h"
#include "core/character/retarget.h"
#include "core/io/bvh_writer.h"
#include "core/io/character_import.h"
#include "core/io/scene_writer.h"
#include "widgets/viewport.h"

namespace gs {

LiveRun::LiveRun(ProjectDocument* doc, Viewport* view, QObject* parent)
    : QObject(parent),
      m_doc(doc),
      m_view(view),
      m_task(new BackgroundTask(this)),
      m_timer(new QTimer(this)) {
    m_timer->setInterval(16);
    connect(m_timer, &QTimer::timeout, this, &LiveRun::tick);
    // The goal: dragged or clicked on the ground, or following the mouse.
    auto place = [this](const glm::vec3& p) {
        if (m_active && m_demo && m_demo->goalMode() == SteeringDemo::GoalMode::Place)
            m_demo->setGoal({p.x, p.z});
    };
    connect(view, &Viewport::groundClicked, this, place);
    connect(view, &Viewport::goalDragged, this, place);
    connect(view, &Viewport::groundHovered, this, [this](const glm::vec3& p) {
        if (m_active && m_demo && m_demo->goalMode() == SteeringDemo::GoalMode::FollowMouse)
            m_demo->setGoal({p.x, p.z});
    });
    connect(m_task, &BackgroundTask::finished, this, [this](bool cancelled) {
        if (cancelled) emit buildCancelled();
    });
    connect(doc, &ProjectDocument::styleTransitionChanged, this, &LiveRun::applyStyleTransition);
    connect(doc, &ProjectDocument::settingsChanged, this, &LiveRun::applySteering);
    connect(doc, &ProjectDocument::clipRenamed, this,
            [this](const QString& from, const QString& to) {
                if (m_demo) m_demo->renameClip(from, to);
            });
    connect(doc, &ProjectDocument::projectReset, this, [this] {
        applyStyleTransition();
        applySteering();
    });
}

LiveRun::~LiveRun() = default;

bool LiveRun::isBuilding() const { return m_task->isRunning(); }

void LiveRun::cancelBuild() { m_task->cancel(); }

namespace {

// What a build of `project` is made of: its spaces, the files, trims and units of the clips they
// use (and whether they loaded), and the settings that are baked (not those the live run applies
// itself: the style's transition, Keep style). Two builds of the same key run the same.
QByteArray buildKey(const Project& project) {
    const QJsonObject json = project.toJson();
    QJsonObject settings = json["settings"].toObject();
    for (const char* live :
         {"keep_style", "style_mode", "style_transition_seconds", "style_increment"})
        settings.remove(QLatin1String(live));
    QSet<QString> used;
    for (const ProjectSpace& s : project.spaces)
        for (const QStringList* ids : {&s.clipIds, &s.stopIds, &s.startIds})
            for (const QString& id : *ids) used.insert(id);
    QJsonArray clips;
    for (const ProjectClip& c : project.clips)
        if (used.contains(c.id))
            clips.append(QJsonObject{{"id", c.id},
                                     {"file", project.resolve(c.source)},
                                     {"in", c.trimIn},
                                     {"out", c.trimOut},
                                     {"unit_scale", c.unitScale},
                                     {"error", c.error}});
    QJsonArray errors;
    for (const ProjectSpace& s : project.spaces) errors.append(s.error);
    const QJsonObject key{
        {"spaces", json["spaces"]},
        {"space_errors", errors},
        {"clips", clips},
        {"settings", settings},
        {"level", json["level"]},
        {"level_file",
         project.level.source.isEmpty() ? QString() : project.resolve(project.level.source)}};
    return QJsonDocument(key).toJson(QJsonDocument::Compact);
}

}  // namespace

void LiveRun::build(const QString& what, Start start) {
    const Project project = m_doc->project();
    const QByteArray key = buildKey(project);
    if (isReady() && key == m_builtKey && !isBuilding()) {
        if (!m_active && (start == Start::Take || m_view->clip() == nullptr)) this->start();
        emit message(ProjectDocument::Level::Info, tr("Nothing the motion spaces are built from "
                                                      "changed since the build the character runs: "
                                                      "it keeps running."));
        emit unchanged(buildSummary());
        return;
    }
    m_task->run<Expected<std::shared_ptr<SteeringDemo::Built>>>(
        tr("Building %1").arg(what),
        [project](TaskControl& control) {
            return buildLiveRun(project, [&control](const QString& stage, int done, int total) {
                control.setProgress(done, total, stage);
            });
        },
        [this, start, key](Expected<std::shared_ptr<SteeringDemo::Built>> built) {
            if (!built) {
                if (built.status().isCancelled()) return;
                emit buildFailed(QString::fromStdString(built.message()));
                return;
            }
            auto* demo = new SteeringDemo(*built, m_naive, this);
            if (!demo->status()) {
                emit buildFailed(QString::fromStdString(demo->status().message()));
                delete demo;
                return;
            }
            const bool wasActive = m_active;
            const bool viewFree = !wasActive && m_view->clip() == nullptr;
            stop();
            delete m_demo;
            m_demo = demo;
            m_builtKey = key;
            m_setTargets = m_demo->styleTargets();
            applyStyleTransition();
            applySteering();
            m_demo->setGoalMode(m_goalMode);
            m_demo->setCharacters(m_characters);
            if (wasActive || start == Start::Take || viewFree) this->start();
            emit ready(buildSummary());
            // The spaces that could not be built, once each (the others run).
            for (const auto& [space, why] : m_demo->notes().failed)
                emit message(ProjectDocument::Level::Warning,
                             tr("Motion space '%1' was not built (the others were): %2")
                                 .arg(QString::fromStdString(space), QString::fromStdString(why)));
        });
}

QString LiveRun::buildSummary() const {
    if (!isReady()) return {};
    QStringList parts;
    for (const BakedMotionSpace& s : m_demo->crowd()->space().spaces)
        parts << tr("%1 %2 clips").arg(QString::fromStdString(s.name)).arg(s.clips.size());
    return parts.join(", ");
}

QStringList LiveRun::spaceNotes(const QString& space) const {
    return isReady() ? m_demo->spaceNotes(space) : QStringList();
}

QStringList LiveRun::styleNames() const {
    if (isReady()) return m_demo->spaceNames();
    QStringList names;  // the spaces a build would have
    for (const ProjectSpace& s : m_doc->project().spaces)
        if (s.error.isEmpty()) names << s.name;
    return names;
}

bool LiveRun::isRunning() const { return m_active && !m_paused; }

void LiveRun::start() {
    if (!isReady()) return;
    m_active = true;
    m_demo->setGoalMode(m_goalMode);
    m_demo->step();
    const LiveLevel* level = m_demo->level();
    m_view->setLevel(level ? level->drawn : nullptr);
    m_navMeshLines.clear();
    if (level) drawNavigationMesh(m_navMeshLines, level->navigation);
    m_view->setClip(&m_demo->motion());
    m_clock.start();
    m_time = 0.0;
    m_activeKey = -1;
    setPaused(false);
    show();
    emit started();
}

void LiveRun::stop() {
    m_timer->stop();
    if (!m_active) return;
    m_active = false;
    m_view->setGoal(std::nullopt);
    m_view->setOverlay(DebugDraw{});
    m_view->setHud({});
    m_view->setHudStatus({});
    m_view->setClip(nullptr);
    m_view->setLevel(nullptr);
    emit stopped();
}

void LiveRun::setPaused(bool paused) {
    const bool changed = paused != m_paused;
    m_paused = paused;
    if (m_active && !paused) {
        m_clock.restart();
        m_time = 0.0;
        m_timer->start();
    } else {
        m_timer->stop();
    }
    if (m_active)
        m_view->setHudStatus(paused ? tr("paused: Space plays, . steps one frame") : QString());
    if (changed) emit pausedChanged(paused);
}

void LiveRun::togglePause() {
    if (!m_active) {
        start();
        return;
    }
    setPaused(!m_paused);
}

void LiveRun::stepOnce() {
    if (!m_active) return;
    setPaused(true);
    advance(1);
    show();
}

void LiveRun::setGoalMode(SteeringDemo::GoalMode mode) {
    m_goalMode = mode;
    if (m_demo) m_demo->setGoalMode(mode);
}

void LiveRun::setCharacters(int characters) {
    m_characters = std::clamp(characters, 1, LiveCrowd::kMaxCharacters);
    if (m_demo) m_demo->setCharacters(m_characters);
    if (m_active) show();
}

void LiveRun::setNaive(bool naive) {
    m_naive = naive;
    if (m_demo) m_demo->setNaive(naive);
}

void LiveRun::setOverlays(bool fan, bool path) {
    m_showFan = fan;
    m_showPath = path;
    if (m_active) show();
}

void LiveRun::setNavigationMeshShown(bool shown) {
    m_showNavMesh = shown;
    if (m_active) show();
}

void LiveRun::setStyleTargets(const std::vector<float>& targets) {
    if (m_demo) {
        m_demo->setStyleTargets(targets);
        m_setTargets = m_demo->styleTargets();  // as the run took them (normalized)
    }
    m_activeKey = -1;  // a key that is due takes the targets back at the next frame
}

void LiveRun::setStyleKeys(std::vector<StyleKey> keys, double trackLength) {
    m_keys = std::move(keys);
    m_trackLength = std::max(trackLength, 1.0);
    m_activeKey = -1;  // the key due is applied again (as edited) at the next frame
    if (m_keys.empty()) emit styleKeyChanged(-1);
}

void LiveRun::applyStyleTransition() {
    const ProjectSettings& s = m_doc->project().settings;
    if (m_demo)
        m_demo->setStyleTransition(s.styleIncrement,
                                   s.styleByTransition ? s.styleTransitionSeconds : 0.0f);
}

void LiveRun::applySteering() {
    if (m_demo) m_demo->setKeepStyle(m_doc->project().settings.keepStyle);
}

void LiveRun::tick() {
    if (!m_demo) return;
    // Whole frames at the space's rate, as many as the wall clock asks for (at most a few).
    const double fps = m_demo->motion().fps;
    const double now = m_clock.elapsed() / 1000.0;
    int frames = 0;
    while (frames < 4 && m_time + 1.0 / fps <= now) {
        ++frames;
        m_time += 1.0 / fps;
    }
    if (now - m_time > 0.5) m_time = now;  // fell behind: do not try to catch up
    advance(frames);
    show();
}

void LiveRun::advance(int frames) {
    for (int k = 0; k < frames; ++k) {
        // Style keys: the last key at or before the run's time (the track repeats).
        if (!m_keys.empty()) {
            const double t = std::fmod(m_demo->seconds(), m_trackLength);
            int active = -1;
            for (int i = 0; i < static_cast<int>(m_keys.size()); ++i)
                if (m_keys[i].seconds <= t &&
                    (active < 0 || m_keys[i].seconds >= m_keys[active].seconds))
                    active = i;
            if (active >= 0 && active != m_activeKey) {
                setStyleTargets(m_keys[active].weights);
                m_activeKey = active;
                emit styleTargetsApplied(m_keys[active].weights);
                emit styleKeyChanged(active);
            }
        }
        m_demo->step();
    }
}

void LiveRun::show() {
    if (!m_active || !m_demo) return;
    m_view->setFrame(static_cast<float>(m_demo->motion().frameCount() - 1));
    const glm::vec2 goal = m_demo->goal();
    m_view->setGoal(glm::vec3(goal.x, m_demo->surfaceHeight(goal), goal.y));
    DebugDraw overlay;
    if (m_showNavMesh) overlay = m_navMeshLines;
    m_view->setOthers(m_demo->others() ? &m_demo->others()->others() : nullptr);
    if (const LiveCrowd* others = m_demo->others()) {
        // The others' goals: small points on the surface.
        std::vector<glm::vec3> goals;
        const auto all = others->goals();
        for (size_t k = 1; k < all.size(); ++k)
            goals.emplace_back(all[k].x, m_demo->surfaceHeight(all[k]) + 0.05f, all[k].y);
        overlay.points(goals, glm::vec4(0.2f, 0.6f, 0.95f, 1.0f), 9.0f);
    }
    if (m_showPath && m_demo->path().size() >= 2) {
        // The navigation mesh's shortest way to the goal, over the surface.
        std::vector<glm::vec3> path = m_demo->path();
        for (glm::vec3& p : path) p.y += 0.06f;
        overlay.polyline(path, glm::vec4(0.1f, 0.75f, 0.3f, 1.0f));
    }
    if (m_showFan) {
        std::vector<glm::vec3> fan;
        for (const glm::vec2& p : m_demo->fan()) fan.push_back(glm::vec3(p.x, 0.02f, p.y));
        overlay.points(fan, glm::vec4(1.0f, 0.85f, 0.1f, 1.0f), 7.0f);
        std::vector<glm::vec3> chosen;
        for (const glm::vec2& p : m_demo->chosenSamples())
            chosen.push_back(glm::vec3(p.x, 0.03f, p.y));
        overlay.points(chosen, glm::vec4(0.95f, 0.2f, 0.15f, 1.0f), 12.0f);
    }
    if (m_showPath) {
        // Where the chosen blend takes the character: from its root to the chosen samples.
        const auto chosen = m_demo->chosenSamples();
        const Clip& motion = m_demo->motion();
        if (chosen.size() == 2 && motion.frameCount() > 0) {
            const glm::vec3 root = motion.rootPositions.back();
            const glm::vec2 end = 0.5f * (chosen[0] + chosen[1]);
            overlay.line(glm::vec3(root.x, 0.02f, root.z), glm::vec3(end.x, 0.02f, end.y),
                         glm::vec4(0.95f, 0.35f, 0.2f, 1.0f));
        }
    }
    m_view->setOverlay(overlay);
    m_view->setHud(hudLines());
    emit advanced();
}

Status LiveRun::exportRun(const QString& path) {
    if (!isReady() || m_demo->motion().frameCount() == 0)
        return Status::error(path.toStdString() + ": there is no live run to export");
    Clip run = m_demo->motion();
    run.name = "gaitspace run";
    Status s = Status::ok();
    const ProjectCharacter& character = m_doc->project().character;
    if (path.endsWith(".bvh", Qt::CaseInsensitive)) {
        s = writeBvh(run, path.toStdString());
    } else if (!character.source.isEmpty()) {
        // The project's skinned model playing the run (its joint map when it has one).
        const QString model = m_doc->project().resolve(character.source);
        auto asset = importCharacter(model.toStdString());
        JointMap map{"project map", {}};
        for (const auto& [target, source] : character.jointMap)
            map.pairs.push_back({target.toStdString(), source.toStdString()});
        s = asset ? writeGltf(run, *asset, path.toStdString(), map.pairs.empty() ? nullptr : &map)
                  : Status::error(model.toStdString() + ": " + asset.message());
    } else {
        s = writeGltf(run, path.toStdString());
    }
    if (s)
        emit message(ProjectDocument::Level::Info, tr("Exported %1 frames of the run to %2.")
                                                       .arg(run.frameCount())
                                                       .arg(QFileInfo(path).fileName()));
    else
        emit message(ProjectDocument::Level::Error, QString::fromStdString(s.message()));
    return s;
}

// ---- The heads-up text: a line each ----

QStringList LiveRun::hudLines() const {
    if (!isReady()) return {};
    QStringList lines{styleLine(), blendLine(), phaseLine(), skateLine(), goalLine()};
    if (const QString why = styleReason(); !why.isEmpty()) lines << why;
    return lines;
}

namespace {
// "walk 0.70, jog 0.30"; with more than three styles only those that `weights` (the same as
// `values` when not given) hold, so that seven styles fit the heads-up text.
QString weightsText(const QStringList& names, const std::vector<float>& values,
                    const std::vector<float>* weights = nullptr) {
    QStringList parts;
    const std::vector<float>& held = weights ? *weights : values;
    for (int s = 0; s < names.size() && s < static_cast<int>(values.size()); ++s)
        if (names.size() <= 3 || (s < static_cast<int>(held.size()) && held[s] >= 0.005f))
            parts << QStringLiteral("%1 %2").arg(names[s]).arg(values[s], 0, 'f', 2);
    return parts.join(", ");
}

// "jog 1.00": the styles `weights` holds (all of them when none does).
QString heldText(const QStringList& names, const std::vector<float>& weights) {
    QStringList parts;
    for (int s = 0; s < names.size() && s < static_cast<int>(weights.size()); ++s)
        if (weights[s] >= 0.005f)
            parts << QStringLiteral("%1 %2").arg(names[s]).arg(weights[s], 0, 'f', 2);
    return parts.isEmpty() ? weightsText(names, weights) : parts.join(", ");
}

// The style of the largest of `weights`.
int dominant(const std::vector<float>& weights) {
    return weights.empty() ? -1
                           : static_cast<int>(std::max_element(weights.begin(), weights.end()) -
                                              weights.begin());
}
}  // namespace

// The style weights sum to 1; each space's turn blend is a value of its own, from 0 (its sharpest
// right turn) to 1 (its sharpest left), so the two lines say what their numbers are.
QString LiveRun::styleLine() const {
    return tr("style weights: %1").arg(weightsText(m_demo->spaceNames(), m_demo->styleWeights()));
}

QString LiveRun::blendLine() const {
    const std::vector<float> weights = m_demo->styleWeights();
    return tr("turn blend (0 sharpest right, 1 sharpest left): %1")
        .arg(weightsText(m_demo->spaceNames(), m_demo->blends(), &weights));
}

QString LiveRun::phaseLine() const { return tr("phase: frame %1").arg(m_demo->phase(), 0, 'f', 1); }

QString LiveRun::skateLine() const {
    return tr("foot skate: %1 cm/s").arg(m_demo->liveFootSkate(), 0, 'f', 2);
}

QString LiveRun::goalLine() const {
    // A placed goal is stopped on where the style has stops; where it has none, the line says so.
    QString state = m_demo->motionState();
    const CharacterState& st = *m_demo->crowd()->state(m_demo->character());
    const QStringList names = m_demo->spaceNames();
    const QString style = names.value(dominant(m_demo->styleWeights()));
    if (st.arrival.state == MotionState::Walking && st.arrival.escape)
        state = tr("walking out to turn back: the goal is too near for the %1's stops to end on it")
                    .arg(style);
    else if (st.arrival.state == MotionState::Walking && st.steerEscaping)
        state =
            tr("walking out to turn back: the goal is inside the %1's turning circle").arg(style);
    else if (const QString why = m_demo->walksOnReason(); !why.isEmpty())
        state = tr("%1 on (%2)").arg(state, why);
    QString line = tr("goal: %1 m away, %2 reached, %3")
                       .arg(m_demo->distanceToGoal(), 0, 'f', 2)
                       .arg(m_demo->reachedGoals())
                       .arg(state);
    if (const LiveLevel* level = m_demo->level()) {
        // On a level: the path's length, or why there is none.
        float length = 0.0f;
        const auto& path = m_demo->path();
        for (size_t k = 1; k < path.size(); ++k) length += glm::distance(path[k - 1], path[k]);
        line += m_demo->pathProblem().isEmpty()
                    ? tr("; level %1, path %2 m").arg(level->name).arg(length, 0, 'f', 1)
                    : tr("; level %1: %2").arg(level->name, m_demo->pathProblem());
        if (m_demo->characters() > 1)
            line += tr("; %1 characters avoiding each other").arg(m_demo->characters());
    }
    return line;
}

QString LiveRun::styleReason() const {
    if (!isReady()) return {};
    const QStringList names = m_demo->spaceNames();
    const CharacterState& st = *m_demo->crowd()->state(m_demo->character());
    const auto& spaces = m_demo->crowd()->space().spaces;
    const bool keep = m_doc->project().settings.keepStyle;
    const std::vector<float> now = m_demo->styleWeights();
    std::vector<float> set = m_setTargets;
    set.resize(now.size(), 0.0f);
    // Steering's own changes, which Keep style turns off.
    if (const auto user = m_demo->overriddenStyle()) {
        if (st.paceShare != 0.0f) {
            // Keeping pace with a moving goal: the style blended in is the slowest or the fastest.
            int paced = 0;
            for (int s = 1; s < names.size(); ++s)
                if (st.styleTarget[s] - (*user)[s] > st.styleTarget[paced] - (*user)[paced])
                    paced = s;
            return tr("steering blends in %1 to keep pace with the moving goal (you set %2); Keep "
                      "style (Weights dock) "
                      "keeps yours")
                .arg(names.value(paced), heldText(names, *user));
        }
        int borrowed = 0;
        for (int s = 1; s < names.size(); ++s)
            if (st.styleTarget[s] > st.styleTarget[borrowed]) borrowed = s;
        return tr("steering borrows %1's tighter turn (you set %2): the goal is inside your "
                  "style's turning circle; "
                  "Keep style (Weights dock) keeps yours")
            .arg(names.value(borrowed), heldText(names, *user));
    }
    // Stops and starts: a clip of one space plays, whatever the weights; Keep style cannot keep a
    // style whose space has no stops or starts of its own.
    const int wanted = dominant(set);
    const QString wantedName = names.value(wanted), yours = heldText(names, set);
    const auto cannot = [&](const QString& why) {
        return keep ? tr(" (Keep style cannot keep %1: %2)").arg(wantedName, why) : QString();
    };
    const ArrivalState& a = st.arrival;
    const QString clipSpace = a.space >= 0 ? names.value(a.space) : QString();
    if (a.state == MotionState::Stopping || a.state == MotionState::Standing) {
        const bool other = a.space >= 0 && a.space != wanted;
        const QString doing = a.state == MotionState::Stopping
                                  ? tr("stopping with %1's stop").arg(clipSpace)
                                  : tr("standing in %1's stop pose").arg(clipSpace);
        if (other && spaces[wanted].stops.empty())
            return tr("%1 (you set %2): %3 has no stops%4")
                .arg(doing, yours, wantedName, cannot(tr("it has no stop clips")));
        if (a.state == MotionState::Standing && now != set)
            return tr("%1: the style you set (%2) takes over when it starts again")
                .arg(doing, yours);
        return {};
    }
    if (a.state == MotionState::Starting) {
        const int from = a.handedOver || a.clip < 0 ? dominant(now) : a.space;
        if (from >= 0 && from != wanted)
            return tr("starting as %1 (you set %2): %3 has no starts; it blends into yours once "
                      "walking%4")
                .arg(names.value(from), yours, wantedName, cannot(tr("it has no start clips")));
        return {};
    }
    float largest = 0.0f;
    for (size_t s = 0; s < now.size(); ++s) largest = std::max(largest, std::abs(now[s] - set[s]));
    if (largest < 0.01f) return {};
    if (a.styleHold)
        return tr("keeps %1 near the goal (you set %2): it started as %1, and %3's stops would "
                  "take it past the "
                  "goal%4")
            .arg(names.value(dominant(now)), yours, wantedName,
                 cannot(tr("its stops need more room")));
    if (a.styleCatchUp)
        return tr("blending into your style (%1) after starting as %2")
            .arg(yours, names.value(dominant(now)));
    const ProjectSettings& settings = m_doc->project().settings;
    return settings.styleByTransition ? tr("moving to your style (%1) over %2 s")
                                            .arg(yours)
                                            .arg(settings.styleTransitionSeconds, 0, 'f', 1)
                                      : tr("moving to your style (%1) by %2 a frame")
                                            .arg(yours)
                                            .arg(settings.styleIncrement, 0, 'f', 2);
}

}  // namespace gs
