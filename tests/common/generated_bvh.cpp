#include "common/generated_bvh.h"

#include <QFile>
#include <QList>
#include <QTest>

#include <cmath>

namespace gs::test {

QByteArray generatedBvh(int frames, const QByteArray& frameTime) {
    QByteArray t =
        "HIERARCHY\n"
        "ROOT Hips\n{\n"
        "  OFFSET 0.00 0.00 0.00\n"
        "  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
        "  JOINT Spine\n  {\n    OFFSET 0.00 20.00 0.00\n    CHANNELS 3 Zrotation Xrotation "
        "Yrotation\n"
        "    JOINT Head\n    {\n      OFFSET 0.00 50.00 0.00\n      CHANNELS 3 Zrotation Xrotation "
        "Yrotation\n"
        "      End Site\n      {\n        OFFSET 0.00 20.00 0.00\n      }\n    }\n  }\n"
        "  JOINT LeftUpLeg\n  {\n    OFFSET 10.00 0.00 0.00\n    CHANNELS 3 Zrotation Xrotation "
        "Yrotation\n"
        "    JOINT LeftLeg\n    {\n      OFFSET 0.00 -45.00 0.00\n      CHANNELS 3 Zrotation "
        "Xrotation Yrotation\n"
        "      End Site\n      {\n        OFFSET 0.00 -45.00 0.00\n      }\n    }\n  }\n"
        "  JOINT RightUpLeg\n  {\n    OFFSET -10.00 0.00 0.00\n    CHANNELS 3 Zrotation Xrotation "
        "Yrotation\n"
        "    JOINT RightLeg\n    {\n      OFFSET 0.00 -45.00 0.00\n      CHANNELS 3 Zrotation "
        "Xrotation Yrotation\n"
        "      End Site\n      {\n        OFFSET 0.00 -45.00 0.00\n      }\n    }\n  }\n"
        "}\nMOTION\n";
    t += "Frames: " + QByteArray::number(frames) + "\n";
    t += "Frame Time: " + frameTime + "\n";
    for (int f = 0; f < frames; ++f) {
        const double swing = 25.0 * std::sin(f * 0.4);
        QList<QByteArray> v;
        v << "0.00"
          << "90.00" << QByteArray::number(2.0 * f, 'f', 2) << "0.00"
          << "0.00"
          << "0.00";
        v << "0.00"
          << "2.00"
          << "0.00";  // Spine
        v << "0.00"
          << "-2.00"
          << "0.00";                                                           // Head
        v << "0.00" << QByteArray::number(swing, 'f', 3) << "0.00";            // LeftUpLeg
        v << "0.00" << QByteArray::number(std::abs(swing), 'f', 3) << "0.00";  // LeftLeg
        v << "0.00" << QByteArray::number(-swing, 'f', 3) << "0.00";           // RightUpLeg
        v << "0.00" << QByteArray::number(std::abs(swing), 'f', 3) << "0.00";  // RightLeg
        t += v.join(' ') + "\n";
    }
    return t;
}

QByteArray manyJointsBvh(int joints, bool nested) {
    QByteArray t =
        "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition Zposition "
        "Zrotation Xrotation Yrotation\n";
    for (int j = 0; j < joints; ++j) {
        t += "JOINT J" + QByteArray::number(j) +
             "\n{\nOFFSET 0 1 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n";
        if (!nested) t += "End Site\n{\nOFFSET 0 1 0\n}\n}\n";
    }
    if (nested) {
        t += "End Site\n{\nOFFSET 0 1 0\n}\n";
        for (int j = 0; j < joints; ++j) t += "}\n";
    }
    t += "}\nMOTION\nFrames: 2\nFrame Time: 0.0333333\n";
    QByteArray line = "0 90 0 0 0 0";
    for (int j = 0; j < joints; ++j) line += " 0 0 0";
    t += line + "\n" + line + "\n";
    return t;
}

QByteArray replaceLine(const QByteArray& text, const QByteArray& start,
                       const QByteArray& replacement, int skip) {
    QList<QByteArray> lines = text.split('\n');
    for (int i = 0; i < lines.size(); ++i) {
        if (!lines[i].trimmed().startsWith(start)) continue;
        if (skip-- > 0) continue;
        if (replacement.isEmpty())
            lines.removeAt(i);
        else
            lines[i] = replacement;
        break;
    }
    return lines.join('\n');
}

QByteArray inPlaceBvh(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    QList<QByteArray> lines = file.readAll().replace("\r\n", "\n").split('\n');
    const int motion = static_cast<int>(lines.indexOf("MOTION"));
    for (int i = motion + 3; motion > 0 && i < lines.size(); ++i) {
        QList<QByteArray> values = lines[i].split(' ');
        values.removeAll(QByteArray());
        if (values.size() < 3) continue;
        values[0] = "0";
        values[2] = "0";
        lines[i] = values.join(' ');
    }
    return lines.join('\n');
}

void writeBytes(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly), qPrintable(path));
    QCOMPARE(f.write(bytes), bytes.size());
}

}  // namespace gs::test
