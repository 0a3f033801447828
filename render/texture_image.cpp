#include "render/texture_image.h"

#include <QFileInfo>
#include <QImageReader>

namespace gs {

Expected<QImage> decodeTexture(const Material& material) {
    QImage image;
    if (!material.textureBytes.empty()) {
        const QByteArray bytes(reinterpret_cast<const char*>(material.textureBytes.data()),
                               static_cast<qsizetype>(material.textureBytes.size()));
        const QByteArray format = QByteArray::fromStdString(material.textureFormat);
        if (!image.loadFromData(bytes, format.isEmpty() ? nullptr : format.constData()) &&
            !image.loadFromData(bytes))
            return Status::error("the embedded texture of material '" + material.name +
                                 "' is not a readable image");
    } else if (!material.texturePath.empty()) {
        const QString path = QString::fromStdString(material.texturePath);
        if (!QFileInfo::exists(path))
            return Status::error(material.texturePath + ": texture file not found");
        QImageReader reader(path);
        image = reader.read();
        if (image.isNull())
            return Status::error(material.texturePath + ": cannot read the texture image (" +
                                 reader.errorString().toStdString() + ")");
    } else {
        return Status::error("the material has no texture");
    }
    return image.convertToFormat(QImage::Format_RGBA8888);
}

}  // namespace gs
