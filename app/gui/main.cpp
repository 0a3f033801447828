// gaitspace: the desktop application.

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QSurfaceFormat>
#include <QTimer>

#include "main_window.h"

namespace {

// The built-in demo clip: a CMU walk from GAITSPACE_DATA_DIR (default ../shared/data beside
// the source tree or the working folder).
// The built-in demo project (a walk and a jog space of CMU clips), from the source tree.
QString demoProject() {
    const QString path = QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/demo/cmu_walk_jog.gsproj");
    return QFileInfo::exists(path) ? path : QString();
}

QString demoClip() {
    QStringList dirs;
    if (qEnvironmentVariableIsSet("GAITSPACE_DATA_DIR")) dirs << qEnvironmentVariable("GAITSPACE_DATA_DIR");
    dirs << QDir::currentPath() + "/../shared/data"
         << QCoreApplication::applicationDirPath() + "/../../../../shared/data";
    for (const QString& d : dirs) {
        const QString f = QDir::cleanPath(d + "/cmu/16_15.bvh");
        if (QFileInfo::exists(f)) return f;
    }
    return {};
}

}  // namespace

int main(int argc, char* argv[]) {
    // OpenGL 3.3 core with 4x multisampling for the 3D view (set before the application exists).
    QSurfaceFormat format;
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setDepthBufferSize(24);
    format.setSamples(4);
    QSurfaceFormat::setDefaultFormat(format);
    QApplication app(argc, argv);
    QApplication::setOrganizationName("Gaitspace");
    QApplication::setApplicationName("Gaitspace");
    QApplication::setApplicationVersion("0.1.0");
    QCommandLineParser parser;
    parser.setApplicationDescription("Gaitspace: behavioral motion spaces for character locomotion.");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("file", "A motion file or a project (*.gsproj) to open.", "[FILE]");
    parser.addOption({"screenshot", "Render the window to PNG after a moment and quit.", "png"});
    parser.addOption({"texture", "An image (PNG/JPEG) mapped onto the mannequin.", "image"});
    parser.addOption({"screenshot-delay", "Milliseconds before the screenshot (default 1500).", "ms", "1500"});
    parser.addOption({"import", "Import a motion file into a new project (repeatable).", "file"});
    parser.addOption({"no-recover", "Do not offer to recover autosaved changes."});
    parser.process(app);

    gs::MainWindow window;
    const QStringList files = parser.positionalArguments();
    // Unsaved changes of a run that did not end cleanly come first (never in scripted runs).
    const bool recovered = !parser.isSet("screenshot") && !parser.isSet("no-recover") && window.recoverAutosaves();
    if (recovered) {
        // the recovered project is open
    } else if (parser.isSet("import")) {
        window.importFiles(parser.values("import"));
    } else if (!files.isEmpty() && files.first().endsWith(".gsproj")) {
        window.openProject(files.first());
    } else if (!files.isEmpty()) {
        window.openClip(files.first());
    } else if (!demoProject().isEmpty() && !demoClip().isEmpty()) {
        window.openProject(demoProject());  // steer the demo character live
    } else if (!demoClip().isEmpty()) {
        window.openClip(demoClip());
    }
    if (parser.isSet("texture")) window.setTexture(parser.value("texture"));
    window.show();
    if (parser.isSet("screenshot")) {
        const QString png = parser.value("screenshot");
        QTimer::singleShot(parser.value("screenshot-delay").toInt(), &window, [&window, png] {
            const bool ok = window.screenshot().save(png);
            QCoreApplication::exit(ok ? 0 : 1);
        });
    }
    return app.exec();
}
