// gaitspace-cli: the headless face of Gaitspace. `gaitspace-cli COMMAND --help` for each command.

#include <QCoreApplication>
#include <QGuiApplication>
#include <QStringList>

#include <cstdio>
#include <cstring>
#include <memory>

#include "cli_common.h"

namespace {

void printUsage() {
    std::fputs("Usage: gaitspace-cli COMMAND [OPTIONS] ...\n\nCommands:\n", stdout);
    for (const auto& c : gs::cli::commands()) std::printf("  %-10s %s\n", c.name, c.summary);
    std::fputs("\nRun 'gaitspace-cli COMMAND --help' for a command's options.\n", stdout);
}

}  // namespace

int main(int argc, char* argv[]) {
    // Commands that render need a QGuiApplication; the others stay QtCore-only.
    bool gui = false;
    for (const auto& c : gs::cli::commands())
        if (argc > 1 && std::strcmp(argv[1], c.name) == 0) gui = c.needsGui;
    std::unique_ptr<QCoreApplication> app;
    if (gui)
        app = std::make_unique<QGuiApplication>(argc, argv);
    else
        app = std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName("gaitspace-cli");
    QCoreApplication::setApplicationVersion("0.1.0");
    QStringList args = QCoreApplication::arguments();
    if (args.size() < 2 || args[1] == "--help" || args[1] == "-h") {
        printUsage();
        return args.size() < 2 ? 2 : 0;
    }
    if (args[1] == "--version") {
        std::puts("gaitspace-cli 0.1.0");
        return 0;
    }
    const QString name = args[1];
    for (const auto& c : gs::cli::commands()) {
        if (name == QLatin1String(c.name)) {
            args.removeAt(1);
            args[0] = QStringLiteral("gaitspace-cli %1").arg(name);
            return c.run(args);
        }
    }
    gs::cli::printError({}, QStringLiteral("unknown command '%1' (see --help)").arg(name));
    return 2;
}
