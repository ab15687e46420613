"""Card notation (API.md "Cards"): forgiving parsing, canonical output, display order,
resolving what a player typed against a hand, and pack checks."""

from __future__ import annotations

import pytest

from cardavia.cards import (
    check_pack,
    pack_52,
    pack_54,
    parse_card,
    parse_cards,
    resolve_ranks,
    sort_cards,
)

DOUDIZHU_ORDER = "3456789TJQKA2"
PLAIN_ORDER = "23456789TJQKA"


# --------------------------------------------------------------------------------------
# parse_card / parse_cards
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("TS", "TS"),
        ("10s", "TS"),
        ("10S", "TS"),
        ("ts", "TS"),
        ("s10", "TS"),
        ("ah", "AH"),
        ("AH", "AH"),
        ("ha", "AH"),
        ("2c", "2C"),
        ("  kd ", "KD"),
        ("h10", "TH"),
        ("bj", "BJ"),
        ("BJ", "BJ"),
        ("Bj", "BJ"),
        ("RJ", "RJ"),
        ("rj", "RJ"),
    ],
)
def test_parse_card_is_forgiving_and_canonical(text: str, card: str) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize(
    "junk", ["", "   ", "1Z", "Z", "ZZ", "QQ", "HS", "11S", "S", "T", "10", "XJ", "BJJ", "joker"]
)
def test_parse_card_rejects_junk(junk: str) -> None:
    with pytest.raises(ValueError) as error:
        parse_card(junk)
    assert str(error.value).strip()


def test_every_canonical_card_parses_to_itself() -> None:
    for card in pack_54():
        assert parse_card(card) == card
        assert parse_card(card.lower()) == card


def test_parse_cards_separators_and_canonical_output() -> None:
    assert parse_cards("10s ah, bj+RJ") == ["TS", "AH", "BJ", "RJ"]
    assert parse_cards("3h,3s  4d") == ["3H", "3S", "4D"]
    assert parse_cards("") == []


@pytest.mark.parametrize("junk", ["TS junk", "3h 1Z", "ah, , 99", "5S 5"])
def test_parse_cards_rejects_any_bad_token(junk: str) -> None:
    with pytest.raises(ValueError) as error:
        parse_cards(junk)
    assert str(error.value).strip()


# --------------------------------------------------------------------------------------
# resolve_ranks
# --------------------------------------------------------------------------------------

HAND = ["3S", "3H", "3D", "4H", "4C", "5S", "TH", "TC", "AS", "2D", "BJ"]


def test_resolve_rank_groups_take_the_lowest_cards_in_hand_order() -> None:
    assert resolve_ranks("33 44", HAND) == ["3S", "3H", "4H", "4C"]
    assert resolve_ranks("3344", HAND) == ["3S", "3H", "4H", "4C"]
    assert resolve_ranks("333", HAND) == ["3S", "3H", "3D"]


def test_resolve_ten_written_as_10() -> None:
    assert resolve_ranks("10", HAND) == ["TH"]
    assert resolve_ranks("1010", HAND) == ["TH", "TC"]
    assert resolve_ranks("t", HAND) == ["TH"]


def test_resolve_full_cards_keep_the_named_cards() -> None:
    assert resolve_ranks("3h 3s", HAND) == ["3H", "3S"]
    assert resolve_ranks("3D", HAND) == ["3D"]
    assert resolve_ranks("bj", HAND) == ["BJ"]


def test_resolve_mixed_full_cards_and_ranks() -> None:
    # The named card is taken first; the rank-only token takes another free card.
    assert sorted(resolve_ranks("3s 3", HAND)) == ["3H", "3S"]
    assert sorted(resolve_ranks("3h 33", HAND)) == ["3D", "3H", "3S"]


@pytest.mark.parametrize(
    "text",
    [
        "3333",  # only three 3s
        "44 4",  # only two 4s
        "3C",  # not held
        "3S 3S",  # one card twice
        "3h 333",  # the named 3H leaves only two other 3s
        "66",  # no 6 at all
        "rj",  # not held
        "",  # nothing named
        "zz",  # junk
    ],
)
def test_resolve_errors_when_the_hand_lacks_cards(text: str) -> None:
    with pytest.raises(ValueError) as error:
        resolve_ranks(text, HAND)
    assert str(error.value).strip()


def test_resolve_does_not_change_the_hand() -> None:
    hand = list(HAND)
    resolve_ranks("33 44", hand)
    assert hand == HAND


# --------------------------------------------------------------------------------------
# sort_cards
# --------------------------------------------------------------------------------------


def test_sort_cards_doudizhu_order_jokers_last() -> None:
    cards = ["RJ", "2S", "3C", "BJ", "3S", "AH", "TD", "TS", "2H"]
    expected = ["3S", "3C", "TS", "TD", "AH", "2S", "2H", "BJ", "RJ"]
    assert sort_cards(cards, DOUDIZHU_ORDER) == expected


def test_sort_cards_plain_order_puts_twos_first() -> None:
    cards = ["AS", "2C", "KH", "2S", "RJ", "BJ"]
    assert sort_cards(cards, PLAIN_ORDER) == ["2S", "2C", "KH", "AS", "BJ", "RJ"]


def test_sort_cards_suit_order_within_a_rank() -> None:
    assert sort_cards(["5C", "5D", "5H", "5S"], DOUDIZHU_ORDER) == ["5S", "5H", "5D", "5C"]


def test_sort_cards_keeps_duplicates_of_two_packs() -> None:
    cards = ["5H", "BJ", "5H", "3S", "BJ"]
    assert sort_cards(cards, DOUDIZHU_ORDER) == ["3S", "5H", "5H", "BJ", "BJ"]


def test_sort_cards_is_a_new_list() -> None:
    cards = ["2S", "3S"]
    assert sort_cards(cards, DOUDIZHU_ORDER) == ["3S", "2S"]
    assert cards == ["2S", "3S"]


# --------------------------------------------------------------------------------------
# packs and check_pack
# --------------------------------------------------------------------------------------


def test_packs() -> None:
    assert len(pack_52()) == len(set(pack_52())) == 52
    assert len(pack_54()) == len(set(pack_54())) == 54
    assert set(pack_54()) - set(pack_52()) == {"BJ", "RJ"}
    assert all(parse_card(card) == card for card in pack_52())


def test_check_pack_exact_in_any_order() -> None:
    assert check_pack(pack_54(), pack_54()) is None
    assert check_pack(list(reversed(pack_54())), pack_54()) is None
    assert check_pack(pack_54() * 2, pack_54() * 2) is None


def test_check_pack_missing_card() -> None:
    cards = [card for card in pack_54() if card != "7D"]
    problem = check_pack(cards, pack_54())
    assert problem and "7D" in problem


def test_check_pack_duplicate_card() -> None:
    cards = [card if card != "7D" else "7S" for card in pack_54()]
    problem = check_pack(cards, pack_54())
    assert problem and "7S" in problem


def test_check_pack_foreign_card() -> None:
    problem = check_pack([*pack_52(), "BJ", "ZZ"], pack_54())
    assert problem and "ZZ" in problem


def test_check_pack_extra_card() -> None:
    problem = check_pack([*pack_54(), "AS"], pack_54())
    assert problem and "AS" in problem


def test_check_pack_two_packs_counts_copies() -> None:
    problem = check_pack([*pack_54(), *pack_54()[:-1]], pack_54() * 2)
    assert problem and "RJ" in problem
