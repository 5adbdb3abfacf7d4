#!/usr/bin/env bash
# Writes src/assets/fonts/inter-latin-wght-400-700.woff2, the Latin face of Inter that index.css
# loads on every first visit, from @fontsource-variable/inter's (48 kB) cut to 32 kB: the weight axis
# narrowed to 400-700, the weights the app uses (font-normal to font-bold; widen it here before using
# a lighter or heavier one), and the OpenType features it never turns on (fractions, proportional
# figures) left out. Glyphs and metrics at 400-700 are the original's, within 1/2048 em of rounding.
# Needs fontTools with Brotli (Debian: apt-get install python3-fonttools python3-brotli). The font is
# under the SIL Open Font License 1.1, copied beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
package=$(dirname "$(node -p "require.resolve('@fontsource-variable/inter/index.css')")")
out=src/assets/fonts
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -m fontTools.varLib.instancer "$package/files/inter-latin-wght-normal.woff2" wght=400:700 \
  --output "$tmp/inter.ttf"
python3 -m fontTools.subset "$tmp/inter.ttf" --unicodes='*' \
  --layout-features='calt,ccmp,locl,tnum,kern,mark,mkmk' --flavor=woff2 \
  --output-file="$out/inter-latin-wght-400-700.woff2"
cp "$package/LICENSE" "$out/OFL.txt"
ls -l "$out"
