// The glTF check's scene rules (core/io/gltf_check_scene.cpp: images, textures, materials,
// meshes, nodes, scenes, skins and animations) on a small skinned, animated document built here:
// the document is accepted, and each element made wrong in one way is refused with one line
// naming the element and the cause. (The container, buffers and accessors: tst_gltf_container
// and tst_gltf_check.)

#include <QTest>

#include <map>
#include <string>

#include "core/io/gltf_check.h"

using namespace gs;

namespace {

// One buffer of 256 zero bytes and a view of it; accessors over it: 0 VEC3 x2 (positions),
// 1 SCALAR x2 (key times), 2 VEC4 x2 (rotations), 3 MAT4 x1 (inverse binds), 4 VEC3 x3,
// 5 SCALAR of 5123 x2 (indices).
const std::string kData = R"("buffers":[{"byteLength":256,"uri":"data:;base64,)" +
                          std::string(340, 'A') + "AA==" +
                          R"("}],"bufferViews":[{"buffer":0,"byteLength":256}],"accessors":[)"
                          R"({"componentType":5126,"type":"VEC3","count":2,"bufferView":0},)"
                          R"({"componentType":5126,"type":"SCALAR","count":2,"bufferView":0},)"
                          R"({"componentType":5126,"type":"VEC4","count":2,"bufferView":0},)"
                          R"({"componentType":5126,"type":"MAT4","count":1,"bufferView":0},)"
                          R"({"componentType":5126,"type":"VEC3","count":3,"bufferView":0},)"
                          R"({"componentType":5123,"type":"SCALAR","count":2,"bufferView":0}])";

// The document's parts, each replaceable by a row.
std::map<std::string, std::string> parts() {
    return {
        {"nodes", R"([{"mesh":0,"skin":0,"children":[1]},{"rotation":[0,0,0,1]}])"},
        {"meshes",
         R"([{"primitives":[{"attributes":{"POSITION":0},"indices":5,"mode":4,"material":0}]}])"},
        {"skins", R"([{"joints":[1],"inverseBindMatrices":3}])"},
        {"animations",
         R"([{"samplers":[{"input":1,"output":2}],"channels":[{"sampler":0,"target":{"node":1,"path":"rotation"}}]}])"},
        {"scenes", R"([{"nodes":[0]}])"},
        {"images", R"([{"uri":"data:image/png;base64,AAAA"}])"},
        {"textures", R"([{"source":0}])"},
        {"materials", R"([{"pbrMetallicRoughness":{"baseColorTexture":{"index":0}}}])"},
    };
}

std::string document(const std::string& key = {}, const std::string& value = {}) {
    std::map<std::string, std::string> p = parts();
    if (!key.empty()) p[key] = value;
    std::string doc = R"({"asset":{"version":"2.0"},)" + kData;
    for (const auto& [k, v] : p) doc += ",\"" + k + "\":" + v;
    return doc + "}";
}

}  // namespace

class TestGltfCheckScene : public QObject {
    Q_OBJECT
private slots:
    void documentAccepted() {
        const std::string doc = document();
        const Status s = checkGltf(doc, {}, false);
        QVERIFY2(s, s.message().c_str());
    }

    void elementsRefused_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");
        auto row = [](const char* name, const char* key, const std::string& value,
                      const char* expected) {
            QTest::newRow(name) << key << QString::fromStdString(value) << expected;
        };
        // Images, textures, materials.
        row("image with both", "images",
            R"([{"uri":"data:image/png;base64,AAAA","bufferView":0,"mimeType":"image/png"}])",
            "image 0: has both a uri and a bufferView");
        row("image with neither", "images", "[{}]", "image 0: has neither a uri and a bufferView");
        row("texture source", "textures", R"([{"source":3}])",
            "texture 0: source 3 is out of range (1 images)");
        row("texture sampler", "textures", R"([{"source":0,"sampler":0}])",
            "texture 0: sampler 0 is out of range (0 samplers)");
        row("texCoord", "materials", R"([{"normalTexture":{"index":0,"texCoord":1.5}}])",
            "material 0, normalTexture: texCoord is not a whole number");
        // Meshes.
        row("primitive not an object", "meshes", R"([{"primitives":[1]}])",
            "mesh 0, primitive 0: is not an object");
        row("no attributes", "meshes", R"([{"primitives":[{}]}])",
            "mesh 0, primitive 0: has no attributes");
        row("attributes not an object", "meshes", R"([{"primitives":[{"attributes":[0]}]}])",
            "mesh 0, primitive 0: attributes is not an object");
        row("mode 7", "meshes", R"([{"primitives":[{"attributes":{"POSITION":0},"mode":7}]}])",
            "mesh 0, primitive 0: mode 7 is not 0 to 6");
        row("attribute counts differ", "meshes",
            R"([{"primitives":[{"attributes":{"POSITION":0,"NORMAL":4}}]}])",
            "mesh 0, primitive 0, attribute 'POSITION' has 2 elements, not 3");  // NORMAL first
        row("attribute not whole", "meshes", R"([{"primitives":[{"attributes":{"POSITION":-1}}]}])",
            "mesh 0, primitive 0, attribute 'POSITION' is not a whole number");
        row("targets not an array", "meshes",
            R"([{"primitives":[{"attributes":{"POSITION":0},"targets":{}}]}])",
            "mesh 0, primitive 0: targets is not an array");
        row("target counts differ", "meshes",
            R"([{"primitives":[{"attributes":{"POSITION":0},"targets":[{"POSITION":4}]}]}])",
            "mesh 0, primitive 0, target 0 'POSITION' has 3 elements, not 2");
        row("material out of range", "meshes",
            R"([{"primitives":[{"attributes":{"POSITION":0},"material":2}]}])",
            "mesh 0, primitive 0: material 2 is out of range (1 materials)");
        // Nodes and scenes.
        row("camera out of range", "nodes", R"([{"camera":0}])",
            "node 0: camera 0 is out of range (0 cameras)");
        row("translation far", "nodes", R"([{},{"translation":[0,0,1e6]}])",
            "node 1: translation 1e+06 is beyond the plausible");
        row("scale tiny", "nodes", R"([{},{"scale":[1,1e-9,1]}])",
            "node 1: scale 1e-09 is outside");
        row("rotation of 3", "nodes", R"([{},{"rotation":[0,0,1]}])",
            "node 1: rotation is not an array of 4 numbers");
        row("rotation of text", "nodes", R"([{},{"rotation":[0,0,"1",0]}])",
            "node 1: rotation holds something not a number");
        row("scene lists twice", "scenes", R"([{"nodes":[0,0]}])", "scene 0: lists node 0 twice");
        row("scene node out of range", "scenes", R"([{"nodes":[5]}])",
            "scene 0: nodes entry 5 is out of range");
        // Skins.
        row("skin without joints", "skins", R"([{"joints":[],"inverseBindMatrices":3}])",
            "skin 0: has no joints");
        row("skin matrices of VEC3", "skins", R"([{"joints":[1],"inverseBindMatrices":0}])",
            "skin 0: inverseBindMatrices (accessor 0) is VEC3 of 5126, not MAT4");
        row("skin short of matrices", "skins", R"([{"joints":[0,1],"inverseBindMatrices":3}])",
            "skin 0: 2 joints but 1 inverseBindMatrices");
        row("skin skeleton out of range", "skins",
            R"([{"joints":[1],"inverseBindMatrices":3,"skeleton":7}])",
            "skin 0: skeleton 7 is out of range (2 nodes)");
        // Animations.
        row("samplers missing", "animations", R"([{"channels":[]}])",
            "animation 0: samplers is not an array");
        row("channels missing", "animations", R"([{"samplers":[]}])",
            "animation 0: channels is not an array");
        row("sampler not an object", "animations", R"([{"samplers":[2],"channels":[]}])",
            "animation 0, sampler 0: is not an object");
        row("input of VEC3", "animations",
            R"([{"samplers":[{"input":0,"output":2}],"channels":[]}])",
            "animation 0, sampler 0: input (accessor 0) is VEC3 of 5126, not SCALAR");
        row("interpolation", "animations",
            R"([{"samplers":[{"input":1,"output":2,"interpolation":"SMOOTH"}],"channels":[]}])",
            "animation 0, sampler 0: interpolation is not LINEAR, STEP or CUBICSPLINE");
        row("cubic short of values", "animations",
            R"([{"samplers":[{"input":1,"output":2,"interpolation":"CUBICSPLINE"}],"channels":[]}])",
            "animation 0, sampler 0: output accessor 2 holds 2 values for 2 keys (at least 6 "
            "needed)");
        row("channel sampler", "animations",
            R"([{"samplers":[{"input":1,"output":2}],"channels":[{"sampler":3,"target":{"node":1,"path":"rotation"}}]}])",
            "animation 0, channel 0: sampler 3 is out of range (1 samplers)");
        row("channel without target", "animations",
            R"([{"samplers":[{"input":1,"output":2}],"channels":[{"sampler":0}]}])",
            "animation 0, channel 0: has no target");
        row("channel node", "animations",
            R"([{"samplers":[{"input":1,"output":2}],"channels":[{"sampler":0,"target":{"node":9,"path":"rotation"}}]}])",
            "animation 0, channel 0, target: node 9 is out of range (2 nodes)");
        row("channel path", "animations",
            R"([{"samplers":[{"input":1,"output":2}],"channels":[{"sampler":0,"target":{"node":1,"path":"color"}}]}])",
            "animation 0, channel 0: target path is not translation, rotation, scale or weights");
        row("translation of VEC4", "animations",
            R"([{"samplers":[{"input":1,"output":2}],"channels":[{"sampler":0,"target":{"node":1,"path":"translation"}}]}])",
            "animation 0, channel 0: translation output (accessor 2) is VEC4 of 5126, not VEC3");
    }
    void elementsRefused() {
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        const std::string doc = document(key.toStdString(), value.toStdString());
        const Status s = checkGltf(doc, {}, false);
        QVERIFY2(!s, "accepted");
        const QString message = QString::fromStdString(s.message());
        QVERIFY2(message.startsWith("cannot import as glTF: " + expected), qPrintable(message));
        QVERIFY(!message.contains('\n'));
    }
};

QTEST_APPLESS_MAIN(TestGltfCheckScene)
#include "tst_gltf_check_scene.moc"
