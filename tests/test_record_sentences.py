"""The record sentences and plural forms of the catalogs.

A record about a seat is one whole sentence of the catalog in two forms, ``<key>.you``
(seat 0, the verb agreeing with You) and ``<key>.other`` (with ``{player}``); the page
picks one (static/js/i18n.js ``said``). A count is written through plural forms, an
object keyed by the language's CLDR plural categories (the page's Intl.PluralRules).
These tests hold every language to both, and every sentence the page's scripts ask for
to the catalogs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardavia.locale import LANGUAGES, catalog, placeholders, plural_category, t, texts_of

SCRIPTS = Path(__file__).parents[1] / "src" / "cardavia" / "web" / "static" / "js"
# The first argument of say(...) / i18n.said(...): one key, or a choice of keys.
SAY_CALL = re.compile(r"\b(?:say|said)\(\s*([^,]+),")
QUOTED = re.compile(r"'([a-z0-9_]+(?:\.[a-z0-9_]+)+)'")  # a dotted key
# recordAction writes `event.poker.${verb}` for each betting verb.
POKER_VERBS = ["fold", "check", "call", "bet", "raise"]


def families(lang: str) -> set[str]:
    """The sentence keys of ``lang``: each ``<key>`` with ``.you`` and ``.other`` forms."""
    texts = catalog(lang)
    forms = (key.removesuffix(".you") for key in texts if key.endswith(".you"))
    return {key for key in forms if f"{key}.other" in texts}


def keys_said_by_scripts() -> set[str]:
    said: set[str] = set()
    for script in SCRIPTS.rglob("*.js"):
        for argument in SAY_CALL.findall(script.read_text(encoding="utf-8")):
            said.update(QUOTED.findall(argument))
    return said | {f"event.poker.{verb}" for verb in POKER_VERBS}


def filled(lang: str, key: str, count: int = 2) -> str:
    texts = texts_of(catalog(lang)[key])
    names = set().union(*(placeholders(text) for text in texts))
    params: dict[str, object] = {name: f"<{name}>" for name in names}
    params["count"] = count
    return t(lang, key, **params)


def test_the_scripts_ask_for_sentences_that_exist() -> None:
    said = keys_said_by_scripts()
    assert {"event.bid", "event.play", "event.pass_bid", "result.penalty"} <= said
    missing = sorted(said - families("en"))
    assert not missing, f"said by the scripts, not in the catalog: {missing}"
    # A pair the scripts pick themselves (the turn line) names its forms in full; a table
    # of sentences picked by an event field (Tarot's Excuse) names each key in full.
    source = "".join(script.read_text(encoding="utf-8") for script in SCRIPTS.rglob("*.js"))
    unused = sorted(
        key
        for key in families("en") - said
        if f"'{key}.you'" not in source and f"'{key}'" not in source
    )
    assert not unused, f"sentences nobody says: {unused}"


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_sentence_has_both_forms(lang: str) -> None:
    texts = catalog(lang)
    assert families(lang) == families("en")
    for family in families("en"):
        you, other = texts.get(f"{family}.you"), texts.get(f"{family}.other")
        assert you is not None and other is not None, f"{lang} {family}: a form is missing"
        you_names = set().union(*(placeholders(text) for text in texts_of(you)))
        other_names = set().union(*(placeholders(text) for text in texts_of(other)))
        assert "player" not in you_names, f"{lang} {family}.you names the seat"
        assert other_names == you_names | {"player"}, f"{lang} {family}: {other_names}"


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_sentences_render_without_placeholders(lang: str) -> None:
    for family in families("en"):
        for form in ("you", "other"):
            text = filled(lang, f"{family}.{form}")
            assert "{" not in text and "}" not in text, f"{lang} {family}.{form}: {text}"
            assert text.strip() and text != f"{family}.{form}"


def test_english_sentences_agree() -> None:
    assert t("en", "event.bid.you", bid=3) == "You bid 3"
    assert t("en", "event.bid.other", player="AI 1", bid=3) == "AI 1 bids 3"
    assert t("en", "result.penalty.you", total=1, details="x") == "You pay 1: x"
    assert t("en", "result.penalty.other", player="AI 2", total=1, details="x") == "AI 2 pays 1: x"
    assert t("en", "result.penalty.cards", count=1) == "1 card left"
    assert t("en", "result.penalty.cards", count=7) == "7 cards left"


def plural_keys() -> list[str]:
    return sorted(key for key, value in catalog("en").items() if isinstance(value, dict))


def test_counts_in_use_are_plural_forms() -> None:
    assert {"event.left", "result.penalty.cards", "table.bridge.cards"} <= set(plural_keys())


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_plural_forms_cover_the_language_rules(lang: str) -> None:
    """Each form is a category of the language; every whole number up to 1000 finds its
    own category (French 0 and 1 are "one", Czech 2–4 "few")."""
    needed = {plural_category(lang, n) for n in range(1001)}
    for key in plural_keys():
        forms = catalog(lang)[key]
        assert isinstance(forms, dict), f"{lang} {key}: not plural forms"
        allowed = needed | {plural_category(lang, 1_000_000), "other"}
        assert set(forms) <= allowed, f"{lang} {key}: unknown categories {set(forms) - allowed}"
        assert needed <= set(forms), f"{lang} {key}: lacks {needed - set(forms)}"
        for count in (0, 1, 2, 3, 5, 11, 21, 100):
            text = filled(lang, key, count)
            assert str(count) in text and "{" not in text, f"{lang} {key} {count}: {text}"


def test_czech_and_french_plurals() -> None:
    assert [t("cs", "table.bridge.cards", count=n) for n in (1, 3, 5)] == [
        "1 karta",
        "3 karty",
        "5 karet",
    ]
    assert t("fr", "table.bridge.cards", count=0) == "0 carte"
    assert t("fr", "table.bridge.cards", count=2) == "2 cartes"
