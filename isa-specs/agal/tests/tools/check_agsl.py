#!/usr/bin/env python3
"""Compiles and renders AGSL shaders with Skia (skia-python), for isaforge's
lift tests.

Reads one JSON object on stdin:
  {"shaders": [{"name": str, "source": str,
                "render": {"width": int, "height": int,
                           "uniforms": [float, ...],     # packed, in order
                           "inputs": [{"solid": [r, g, b, a]}          # one per input shader
                                      | {"slices": [[r, g, b, a], ...], # squares side by side,
                                         "size": int}, ...]             # sampled linearly, clamped
                          }  # optional
               }, ...]}
Writes one JSON object on stdout:
  {"skia": version, "results": [{"name": str, "ok": bool, "error": str,
                                  "pixels": [[r, g, b, a], ...]}]}
where "pixels" (row-major, RGBA floats as stored in a premultiplied F32
canvas, which is what the shader returned) is present when "render" was given.
Exits with status 3 when skia cannot be imported.
"""

import json
import struct
import sys

try:
    import numpy
    import skia
except ImportError as e:  # the caller prints the warning
    print(json.dumps({"skia": None, "error": str(e)}))
    sys.exit(3)


def texture(spec):
    """The input shader of one texture of the request."""
    if "solid" in spec:
        return skia.Shaders.Color(skia.Color4f(*spec["solid"]))
    size = spec["size"]
    colours = spec["slices"]
    pixels = numpy.zeros((size, size * len(colours), 4), dtype=numpy.float32)
    for k, rgba in enumerate(colours):
        pixels[:, k * size:(k + 1) * size] = rgba
    image = skia.Image.fromarray(
        pixels, colorType=skia.kRGBA_F32_ColorType, alphaType=skia.kUnpremul_AlphaType
    )
    return image.makeShader(
        skia.TileMode.kClamp, skia.TileMode.kClamp, skia.SamplingOptions(skia.FilterMode.kLinear)
    )


def render(effect, job):
    floats = job.get("uniforms", [])
    data = skia.Data.MakeWithCopy(struct.pack("<%df" % len(floats), *floats))
    children = [skia.RuntimeEffectChildPtr(texture(t)) for t in job.get("inputs", [])]
    # The span points into the vector: keep both alive until the draw is done.
    vector = skia.VectorRuntimeEffectChildPtr(children)
    span = skia.SpanRuntimeEffectChildPtr(vector)
    shader = effect.makeShader(data, span)
    if shader is None:
        raise RuntimeError("makeShader failed (uniform size or inputs do not match)")
    info = skia.ImageInfo.Make(
        job["width"], job["height"], skia.kRGBA_F32_ColorType, skia.kPremul_AlphaType
    )
    surface = skia.Surface.MakeRaster(info)
    paint = skia.Paint()
    paint.setShader(shader)
    surface.getCanvas().drawPaint(paint)
    # As stored (premultiplied): what the shader returned, not divided by alpha.
    pixels = surface.makeImageSnapshot().toarray(
        colorType=skia.kRGBA_F32_ColorType, alphaType=skia.kPremul_AlphaType
    )
    del span, vector, children
    return [[float(c) for c in px] for row in pixels for px in row]


def main():
    request = json.load(sys.stdin)
    results = []
    for shader in request["shaders"]:
        result = {"name": shader["name"], "ok": False, "error": ""}
        try:
            effect = skia.RuntimeEffect.MakeForShader(shader["source"])
            if effect is None:
                raise RuntimeError("MakeForShader returned nothing")
            result["ok"] = True
            if "render" in shader:
                result["pixels"] = render(effect, shader["render"])
        except Exception as e:  # report and go on with the next shader
            result["ok"] = False
            result["error"] = str(e)
        results.append(result)
    print(json.dumps({"skia": getattr(skia, "__version__", "?"), "results": results}))


if __name__ == "__main__":
    main()
