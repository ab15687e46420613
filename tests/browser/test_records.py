"""The records and result lines as the page writes them: one catalog sentence per event,
its verb agreeing with its subject (You or "AI n"), counts through the language's plural
rules, Bridge calls as the table writes them. The page's own adapters and texts write
them here (imported in the page from a table of each language), so each check is exact;
and the record numbers keep clear of the text at four digits."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from .conftest import wait_idle

# Runs in a table page: the adapters and i18n of the page, the texts of its page data,
# ``say`` and ``name`` as table.js builds them.
WRITE = """
async ({ game, calls }) => {
  const { makeI18n } = await import('/static/js/i18n.js');
  const adapter = (await import(`/static/js/games/${game}.js`)).default;
  const data = JSON.parse(document.getElementById('page-data').textContent);
  const i18n = makeI18n(data.texts, data.lang);
  const name = (seat) => (seat === 0 ? i18n.t('table.you') : i18n.t('table.ai', { n: seat }));
  const say = (key, seat, params) => i18n.said(key, seat, name(seat), params);
  const text = (node) => {
    const box = document.createElement('div');
    box.append(node);
    return box.textContent;
  };
  return calls.map(([method, arg, table]) => {
    const context = { i18n, name, say, table: { ...adapter.initialTable(3), ...table } };
    if (method === 'describeEvent') return text(adapter.describeEvent(arg, context).content);
    if (method === 'resultBreakdown') return adapter.resultBreakdown(arg, context).map(text);
    if (method === 'showHint') return adapter.showHint(arg, { ...context, view: { hand: [] } });
    throw new Error(method);
  });
}
"""


def write(page: Page, lang: str, game: str, calls: list[list[Any]]) -> list[Any]:
    page.goto(f"/{lang}/play/{game}")  # no need to wait for its match: only its modules
    return list(page.evaluate(WRITE, {"game": game, "calls": calls}))


AUCTION = {"phase": "auction"}
PLAY = {"phase": "play"}


def bid(seat: int, value: int) -> dict[str, Any]:
    return {"type": "bid", "seat": seat, "action": f"bid {value}"}


def play(seat: int, cards: list[str], left: int, kind: str = "single") -> dict[str, Any]:
    return {"type": "play", "seat": seat, "cards": cards, "kind": kind, "left": left}


def penalties(*cards: int) -> dict[str, Any]:
    """A Run Fast result in which seats 0 and 1 lose with these cards left."""
    each = {
        str(seat): {"cards": n, "total": n, "doubled": False, "two_of_spades": False, "bombs": 0}
        for seat, n in enumerate(cards)
    }
    return {"type": "result", "winner": 2, "breakdown": {"penalties": each, "bonuses": [0, 0, 0]}}


def test_english_sentences_agree_with_you_and_ai(page: Page) -> None:
    lines = write(
        page,
        "en",
        "doudizhu",
        [
            ["describeEvent", bid(0, 3), AUCTION],
            ["describeEvent", bid(1, 3), AUCTION],
            ["describeEvent", {"type": "pass", "seat": 0}, AUCTION],
            ["describeEvent", {"type": "pass", "seat": 2}, AUCTION],
            ["describeEvent", {"type": "pass", "seat": 0}, PLAY],
            ["describeEvent", {"type": "pass", "seat": 1}, PLAY],
            ["describeEvent", play(0, ["7S"], 1), PLAY],
            ["describeEvent", play(2, ["7S", "7H"], 2, "pair"), PLAY],
            [
                "describeEvent",
                {"type": "landlord", "seat": 0, "bid": 2, "bottom": ["3S", "4S", "5S"]},
                AUCTION,
            ],
        ],
    )
    assert lines == [
        "You bid 3",
        "AI 1 bids 3",
        "You don't bid",
        "AI 2 doesn't bid",
        "You pass",
        "AI 1 passes",
        "You play 7♠ (Single) — 1 card left!",
        "AI 2 plays 7♠ 7♥ (Pair) — 2 cards left!",
        "You are the landlord with a bid of 2 and take the bottom cards 3♠ 4♠ 5♠",
    ]


def test_english_penalties_singular_and_plural(page: Page) -> None:
    (lines,) = write(page, "en", "runfast", [["resultBreakdown", penalties(1, 5), PLAY]])
    assert lines == ["You pay 1: 1 card left", "AI 1 pays 5: 5 cards left"]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("cs", ["zbyla 1 karta", "zbyly 3 karty", "zbylo 5 karet"]),
        ("fr", ["1 carte restante", "3 cartes restantes", "5 cartes restantes"]),
        ("zh", ["剩余 1 张牌", "剩余 3 张牌", "剩余 5 张牌"]),
    ],
)
def test_penalty_cards_follow_the_plural_rules(page: Page, lang: str, expected: list[str]) -> None:
    (lines,) = write(page, lang, "runfast", [["resultBreakdown", penalties(1, 3, 5), PLAY]])
    assert [line.split(": ", 1)[-1].split("：", 1)[-1] for line in lines] == expected


def test_poker_records_and_the_blinds(page: Page) -> None:
    call = {"type": "action", "action": "call", "total": 40, "all_in": False}
    deal = {
        "type": "deal",
        "hand": 1,
        "button": 0,
        "small_blind": 1,
        "big_blind": 2,
        "posted": [0, 5, 10, 0],
    }
    lines = write(
        page,
        "en",
        "holdem",
        [
            ["describeEvent", deal, {}],
            ["describeEvent", {**call, "seat": 0}, {}],
            ["describeEvent", {**call, "seat": 3, "action": "raise 90", "total": 90}, {}],
            ["describeEvent", {"type": "action", "seat": 1, "action": "fold"}, {}],
            ["describeEvent", {"type": "uncalled", "seat": 0, "amount": 50}, {}],
            ["describeEvent", {"type": "eliminated", "seat": 2}, {}],
        ],
    )
    assert lines == [
        "Hand 1 — button: You; small blind 5: AI 1; big blind 10: AI 2",
        "You call (40 this round)",
        "AI 3 raises to 90",
        "AI 1 folds",
        "50 not called: returned to you",
        "AI 2 is out: no chips left",
    ]


def test_bridge_hint_and_plays_as_the_table_writes_them(page: Page) -> None:
    lines = write(
        page,
        "en",
        "bridge",
        [
            ["showHint", "1D", {}],
            ["showHint", "3NT", {}],
            ["showHint", "pass", {}],
            ["describeEvent", {"type": "play", "seat": 0, "card": "AS"}, {}],
            ["describeEvent", {"type": "play", "seat": 3, "card": "AS"}, {}],
        ],
    )
    assert lines == ["1♦", "3NT", "Pass", "You play A♠", "East plays A♠"]


def test_zh_bidding_pass_is_bujiao_and_play_pass_buchu(page: Page) -> None:
    lines = write(
        page,
        "zh",
        "doudizhu",
        [
            ["describeEvent", {"type": "pass", "seat": 0}, AUCTION],
            ["describeEvent", {"type": "pass", "seat": 1}, AUCTION],
            ["describeEvent", {"type": "pass", "seat": 0}, PLAY],
            ["describeEvent", bid(2, 3), AUCTION],
        ],
    )
    assert lines == ["你不叫", "AI 1 不叫", "你不出", "AI 2 叫 3 分"]


def test_record_numbers_stay_clear_at_four_digits(page: Page) -> None:
    page.goto("/en/play/doudizhu")
    wait_idle(page)
    gap = page.evaluate(
        """() => {
            const records = document.querySelector('[data-testid=records]');
            const first = records.querySelector('.record');
            for (let i = records.children.length; i < 1234; i += 1) {
                records.append(first.cloneNode(true));
            }
            const last = records.lastElementChild;
            const style = getComputedStyle(last);
            const context = document.createElement('canvas').getContext('2d');
            context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const number = context.measureText('1234.').width;
            const panel = records.parentElement.getBoundingClientRect();
            const line = last.getBoundingClientRect();
            const what = last.querySelector('.what').getBoundingClientRect();
            return { inside: line.left - panel.left, room: what.left - line.left - number };
        }"""
    )
    assert gap["inside"] >= 0, gap
    assert gap["room"] >= 0, gap
