#!/usr/bin/env bash
# Renders resources/icons/spellfilter-editor.svg to the PNG sizes the
# desktop icon theme and the window icon use. The PNGs are checked in; run
# this after changing the SVG. Needs ImageMagick (`convert`).
set -euo pipefail
cd "$(dirname "$0")/../resources/icons"
for size in 16 22 24 32 48 64 128 256; do
  # Rasterise at 4x the target density, then scale down: smoother edges.
  convert -background none -density $((72 * size / 256 * 4)) \
    spellfilter-editor.svg -resize "${size}x${size}" \
    "png32:spellfilter-editor-${size}.png"
done
