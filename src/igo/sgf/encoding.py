"""Turning the bytes of an SGF file into text.

SGF says the ``CA`` property names the character set (default ISO-8859-1), but real
files often lie or say nothing: Chinese servers write GB2312/GBK without ``CA``,
Korean ones EUC-KR, Japanese ones Shift-JIS. :func:`decode_sgf` decides in this order:

1. a byte-order mark (UTF-8, UTF-16);
2. the ``CA`` property, if Python knows the codec and the bytes decode with it
   (``CA[ISO-8859-1]`` is only trusted when the bytes are not valid UTF-8: many
   programs write that default and then save UTF-8);
3. sniffing: UTF-8; then the rank written in ``BR``/``WR`` (``段``/``级`` in GB18030,
   ``단``/``급`` in EUC-KR, ``段``/``級`` in Shift-JIS) or a Korean server name
   (``PC``/``AP``/``SO`` naming Tygem, Oro, WBaduk) as a hint; then GB18030, EUC-KR,
   Shift-JIS, each only if the bytes decode and most of the non-ASCII characters are
   common ones for that codec (GB2312 hanzi, hangul syllables, kana/JIS kanji);
4. Latin-1, which decodes anything.

Sniffing cannot always tell EUC-KR from GB18030 (both use the same byte ranges);
without a hint such text is read as GB18030.
"""

from __future__ import annotations

import codecs
import re

_CA_RE = re.compile(rb"CA\s*\[([^\]]*)\]")
_RANK_RE = re.compile(rb"[BW]R\s*\[([^\]]*)\]")
_SERVER_RE = re.compile(rb"(?:PC|AP|SO)\s*\[([^\]]*)\]")
_KOREAN_SERVERS = (b"tygem", b"oro", b"wbaduk", b"baduk")

# Rank words as they end BR/WR values, per encoding.
_RANK_MARKERS = {
    "gb18030": ("段".encode("gb18030"), "级".encode("gb18030")),
    "euc-kr": ("단".encode("euc-kr"), "급".encode("euc-kr")),
    "shift-jis": ("段".encode("shift-jis"), "級".encode("shift-jis")),
}

SNIFF_ORDER = ("utf-8", "gb18030", "euc-kr", "shift-jis")


def _is_common(ch: str, codec: str) -> bool:
    """Whether a non-ASCII character is typical text in ``codec``'s language."""
    o = ord(ch)
    if codec == "gb18030":
        try:
            ch.encode("gb2312")
        except UnicodeEncodeError:
            return False
        return True
    if codec == "euc-kr":
        return 0xAC00 <= o <= 0xD7A3 or 0x3131 <= o <= 0x318E
    # shift-jis: kana, CJK ideographs, full-width forms
    return 0x3040 <= o <= 0x30FF or 0x4E00 <= o <= 0x9FFF or 0xFF01 <= o <= 0xFF9F


def _plausible(text: str, codec: str) -> bool:
    """Most (90 %) of the non-ASCII characters are common in ``codec``."""
    wide = [ch for ch in text if ord(ch) > 0x7F]
    if not wide:
        return True
    common = sum(1 for ch in wide if _is_common(ch, codec))
    return common >= 0.9 * len(wide)


def _try(data: bytes, codec: str) -> str | None:
    try:
        return data.decode(codec)
    except (UnicodeDecodeError, LookupError):
        return None


def codec_name(label: str) -> str | None:
    """Python's codec name for a ``CA`` label (``"UTF-8"``, ``"GB2312"`` …), or
    ``None`` if Python has no such codec."""
    try:
        return codecs.lookup(label.strip()).name
    except LookupError:
        return None


def _hint(data: bytes) -> str | None:
    """An encoding suggested by the rank words or the server name."""
    for m in _RANK_RE.finditer(data):
        value = m.group(1).strip()
        for codec, markers in _RANK_MARKERS.items():
            if any(value.endswith(mk) for mk in markers):
                return codec
    for m in _SERVER_RE.finditer(data):
        if any(s in m.group(1).lower() for s in _KOREAN_SERVERS):
            return "euc-kr"
    return None


def decode_sgf(data: bytes) -> tuple[str, str]:
    """Decode SGF bytes; returns ``(text, codec)``. Never raises (Latin-1 is the
    last resort). See the module docstring for the order of the guesses."""
    if data.startswith(codecs.BOM_UTF8):
        return data[3:].decode("utf-8", errors="replace"), "utf-8"
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16", errors="replace"), "utf-16"
    if data.isascii():
        return data.decode("ascii"), "ascii"
    m = _CA_RE.search(data)
    if m:
        codec = codec_name(m.group(1).decode("ascii", errors="replace"))
        if codec is not None and not (codec in ("latin-1", "iso8859-1", "cp1252")
                                      and _try(data, "utf-8") is not None):
            text = _try(data, codec)
            if text is not None:
                return text, codec
    text = _try(data, "utf-8")
    if text is not None:
        return text, "utf-8"
    hint = _hint(data)
    if hint is not None:
        text = _try(data, hint)
        if text is not None:
            return text, hint
    for codec in SNIFF_ORDER[1:]:
        text = _try(data, codec)
        if text is not None and _plausible(text, codec):
            return text, codec
    return data.decode("latin-1"), "latin-1"
