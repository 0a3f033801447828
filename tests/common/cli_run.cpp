#include "common/cli_run.h"

#include <QProcess>

#include "common/test_data.h"

namespace gs::test {

CliRun runCli(const QStringList& args) {
    QProcess p;
    p.start(cliPath(), args);
    p.waitForFinished(120000);
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

}  // namespace gs::test
