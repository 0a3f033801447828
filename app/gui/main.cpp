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
    parser.addPositionalArgument("file", "A motion file to open.", "[FILE]");
    parser.addOption({"screenshot", "Render the window to PNG after a moment and quit.", "png"});
    parser.process(app);

    gs::MainWindow window;
    const QStringList files = parser.positionalArguments();
    const QString file = files.isEmpty() ? demoClip() : files.first();
    if (!file.isEmpty()) window.openClip(file);
    window.show();
    if (parser.isSet("screenshot")) {
        const QString png = parser.value("screenshot");
        QTimer::singleShot(1500, &window, [&window, png] {
            const bool ok = window.screenshot().save(png);
            QCoreApplication::exit(ok ? 0 : 1);
        });
    }
    return app.exec();
}
