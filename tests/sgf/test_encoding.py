"""Decoding SGF bytes: BOM, CA, sniffing with rank and server hints."""

from __future__ import annotations

import codecs

from igo.sgf.encoding import codec_name, decode_sgf


def sgf(text: str) -> str:
    return f"(;GM[1]SZ[19]{text};B[pd])"


def test_ascii_and_bom() -> None:
    assert decode_sgf(b"(;B[aa])") == ("(;B[aa])", "ascii")
    assert decode_sgf(codecs.BOM_UTF8 + "(;PB[é])".encode()) == ("(;PB[é])", "utf-8")
    text, codec = decode_sgf("(;PB[é])".encode("utf-16"))
    assert text == "(;PB[é])" and codec == "utf-16"


def test_ca_property() -> None:
    s = sgf("CA[EUC-KR]PB[이창호]")
    assert decode_sgf(s.encode("euc-kr")) == (s, "euc_kr")
    s = sgf("CA[SJIS]PB[趙治勲]")
    assert decode_sgf(s.encode("shift-jis"))[0] == s


def test_ca_latin1_but_really_utf8() -> None:
    s = sgf("CA[ISO-8859-1]PB[柯洁]")
    assert decode_sgf(s.encode("utf-8")) == (s, "utf-8")
    s = sgf("CA[ISO-8859-1]PB[Müller]")
    assert decode_sgf(s.encode("latin-1")) == (s, "iso8859-1")


def test_unknown_or_wrong_ca_falls_back_to_sniffing() -> None:
    s = sgf("CA[nonsense]PB[古力]")
    assert decode_sgf(s.encode("gb18030")) == (s, "gb18030")
    s = sgf("CA[UTF-8]PB[古力]")  # says UTF-8, is not
    assert decode_sgf(s.encode("gb18030")) == (s, "gb18030")


def test_sniffing() -> None:
    s = sgf("PB[柯洁]PW[芈昱廷]")
    assert decode_sgf(s.encode("gb18030")) == (s, "gb18030")
    s = sgf("PB[박정환]BR[9단]")  # the rank word says Korean
    assert decode_sgf(s.encode("euc-kr")) == (s, "euc-kr")
    s = sgf("PB[박정환]PC[Tygem Baduk]")  # so does the server
    assert decode_sgf(s.encode("euc-kr")) == (s, "euc-kr")
    s = sgf("PB[ほんいんぼう]")  # kana: not plausible GB text
    assert decode_sgf(s.encode("shift-jis")) == (s, "shift-jis")
    raw = b"(;PB[\xff\xfe\xfd])"
    assert decode_sgf(raw) == (raw.decode("latin-1"), "latin-1")


def test_codec_name() -> None:
    assert codec_name("UTF-8") == "utf-8"
    assert codec_name("GB2312") == "gb2312"
    assert codec_name("no-such-codec") is None
