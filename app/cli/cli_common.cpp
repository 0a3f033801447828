#include "cli_common.h"

#include <QFileInfo>
#include <QJsonDocument>

#include <cstdio>

#include "core/limits.h"

namespace gs::cli {

int runInspect(const QStringList& arguments);
int runPlay(const QStringList& arguments);
int runSimulate(const QStringList& arguments);
int runBake(const QStringList& arguments);
int runSynth(const QStringList& arguments);
int runSoak(const QStringList& arguments);
int runRender(const QStringList& arguments);
int runMatchWeb(const QStringList& arguments);
int runRegister(const QStringList& arguments);
int runCycles(const QStringList& arguments);
int runLoop(const QStringList& arguments);

const std::vector<Command>& commands() {
    static const std::vector<Command> table = {
        {"inspect", "import clips and print their figures", runInspect},
        {"play", "play a project's behavioral space with fixed blends and styles", runPlay},
        {"simulate", "steer toward goals and score the run", runSimulate},
        {"bake", "bake a project's spaces and goal spaces into a .gspace file", runBake},
        {"render", "render a clip's character offscreen to PNG", runRender, true},
        {"matchweb", "match web of two clips (or one with itself), PNG/CSV", runMatchWeb},
        {"register", "registration curve: timewarp, alignment, matched strikes", runRegister},
        {"cycles", "gait period and whole cycles of a clip", runCycles},
        {"loop", "cut a seamless loop of N gait cycles, write BVH", runLoop},
        {"synth", "write synthetic walk/jog/run clips and a project of them", runSynth},
        {"soak", "many characters for a long time: NaN, stuck, phase drift, memory", runSoak},
    };
    return table;
}

void printJson(const QJsonObject& object) {
    const QByteArray bytes = QJsonDocument(object).toJson(QJsonDocument::Compact);
    std::fwrite(bytes.constData(), 1, bytes.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

namespace {

QString cut(const QString& text, std::size_t max) {
    return QString::fromStdString(limits::echo(text.toStdString(), max));
}

}  // namespace

void printError(const QString& file, const QString& message) {
    // A message that already names the file (a project's "x.gsproj: ...") does not name it twice.
    const bool named = !file.isEmpty() && message.startsWith(QFileInfo(file).fileName() + ": ");
    QString text = file.isEmpty() || named ? message : cut(file, limits::kMaxEchoChars) + ": " + message;
    text.replace('\n', ' ');
    const QString line = "gaitspace-cli: " + cut(text, 4 * limits::kMaxEchoChars) + "\n";
    std::fputs(line.toLocal8Bit().constData(), stderr);
}

void printWarning(const QString& file, const QString& message) {
    printError(file, "warning: " + message);
}

Expected<ImportedClips> loadClips(const QString& path, const ImportSettings& settings) {
    return importClips(path.toStdString(), settings);
}

std::optional<Clip> loadFirstClip(const QString& path, const ImportSettings& settings) {
    auto imported = loadClips(path, settings);
    if (!imported) {
        printError(path, QString::fromStdString(imported.message()));
        return std::nullopt;
    }
    for (const std::string& w : imported->warnings) printWarning(path, QString::fromStdString(w));
    return imported->clips.front();
}

QJsonArray toJson(const std::vector<int>& values) {
    QJsonArray a;
    for (int v : values) a.append(v);
    return a;
}

}  // namespace gs::cli
