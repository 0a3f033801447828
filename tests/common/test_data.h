#pragma once
// Where the tests find ../shared/data, and what they do when it is absent: skip with a message,
// or fail when GAITSPACE_REQUIRE_DATA=1 (CI).

#include <QString>
#include <QTest>

#include "core/clip/clip.h"

namespace gs::test {

// GAITSPACE_DATA_DIR from the environment, else the build's default (../shared/data).
QString dataDir();
// dataDir() + "/" + relative.
QString dataPath(const QString& relative);
// True when the data folder exists.
bool hasData();
// True when GAITSPACE_REQUIRE_DATA=1.
bool dataRequired();
// Path of a CMU subject-16 clip: cmuClip("16_15") -> .../cmu/16_15.bvh
QString cmuClip(const QString& id);
// Imports a clip or fails the current test with the importer's message.
Clip loadClip(const QString& path);
// The gaitspace-cli built with the tests.
QString cliPath();

}  // namespace gs::test

// Skips the test (or fails it when data is required) if ../shared/data is absent.
#define GS_REQUIRE_DATA()                                                                         \
    do {                                                                                          \
        if (!gs::test::hasData()) {                                                               \
            const QByteArray msg_ =                                                               \
                ("shared data not found at " + gs::test::dataDir() + " (set GAITSPACE_DATA_DIR)") \
                    .toLocal8Bit();                                                               \
            if (gs::test::dataRequired()) QFAIL(msg_.constData());                                \
            QSKIP(msg_.constData());                                                              \
        }                                                                                         \
    } while (0)
