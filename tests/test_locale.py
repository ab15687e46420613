"""The catalogs: every language has every key of English, in every file, with the same
placeholders and no empty text; language negotiation and the ``t`` helper."""

from __future__ import annotations

import pytest

from cardavia.locale import (
    LANGUAGES,
    catalog,
    catalog_files,
    negotiate,
    placeholders,
    t,
    texts_of,
)

OTHERS = [lang for lang in LANGUAGES if lang != "en"]


def test_languages_are_named_in_themselves() -> None:
    assert LANGUAGES == {
        "en": "English",
        "fr": "Français",
        "cs": "Čeština",
        "id": "Bahasa Indonesia",
        "zh": "中文",
    }


def test_english_has_the_site_and_games_catalogs() -> None:
    assert "site.json" in catalog_files("en")


@pytest.mark.parametrize("lang", OTHERS)
def test_every_catalog_file_of_english_exists(lang: str) -> None:
    assert set(catalog_files("en")) <= set(catalog_files(lang))


@pytest.mark.parametrize("lang", OTHERS)
def test_every_english_key_exists(lang: str) -> None:
    theirs = catalog_files(lang)
    for name, english in catalog_files("en").items():
        missing = sorted(set(english) - set(theirs.get(name, {})))
        assert not missing, f"{lang}/{name} lacks {missing}"


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_no_empty_values(lang: str) -> None:
    for name, entries in catalog_files(lang).items():
        for key, value in entries.items():
            assert isinstance(value, str | list | dict), f"{lang}/{name} {key}: not a text"
            texts = texts_of(value)
            assert texts, f"{lang}/{name} {key}: empty list"
            for text in texts:
                assert isinstance(text, str) and text.strip(), f"{lang}/{name} {key}: empty"


@pytest.mark.parametrize("lang", OTHERS)
def test_same_shapes_and_placeholders(lang: str) -> None:
    theirs = catalog(lang)
    for key, value in catalog("en").items():
        if key not in theirs:
            continue  # reported by test_every_english_key_exists
        other = theirs[key]
        assert type(other) is type(value), f"{lang} {key}: type"
        expected = set().union(*(placeholders(text) for text in texts_of(value)))
        found = set().union(*(placeholders(text) for text in texts_of(other)))
        assert found == expected, f"{lang} {key}: placeholders {found} != {expected}"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, "en"),
        ("", "en"),
        ("fr-CH, fr;q=0.9, en;q=0.8", "fr"),
        ("de-DE, cs;q=0.5", "cs"),
        ("zh-TW,zh;q=0.9", "zh"),
        ("ID", "id"),
        ("in", "id"),
        ("ja, ko;q=0.4", "en"),
        ("fr;q=0, cs;q=0.3", "cs"),
        ("en;q=0.2, id", "id"),
        ("*", "en"),
        ("garbage;;q=x", "en"),
    ],
)
def test_negotiate(header: str | None, expected: str) -> None:
    assert negotiate(header) == expected


def test_t_fills_placeholders_and_falls_back() -> None:
    assert t("en", "table.ai", n=2) == "AI 2"
    assert t("fr", "table.ai", n=1) == "IA 1"
    assert t("en", "no.such.key") == "no.such.key"
    assert t("en", "table.current_bid") == "Current bid: {bid}"


def test_unknown_language_is_refused() -> None:
    with pytest.raises(KeyError):
        catalog("xx")
