"""The record model's elements compare by every field they hold, and only by those.

The reader's tests, the round trips and the lean check's differential tests compare turns, moves,
comments, phases and endings with ``==``: an element whose equality missed one field would let a
wrong record pass for a right one. Each class is checked field by field, from its ``__slots__``
(a field added later is covered without touching this test).
"""

from __future__ import annotations

import copy

import pytest

from pbmkit.records.model import Comment, Ending, Phase, Turn, WrittenMove

Element = Comment | WrittenMove | Turn | Ending | Phase


def _examples() -> list[Element]:
    """One element of each class, every field set to something other than its default."""
    averto = Comment("averto!", ";", 3, 9)
    move = WrittenMove("IR to HS", 4, 5, 61, ("averto",), [averto])
    return [
        Comment("[%ccsnt 2026.11.21]", "{", 2, 7),
        move,
        Turn("12a", 12, "a", [move, WrittenMove("EV to FU", 4, 20)], True, 4, 1,
             [Comment("before")], 2),
        Ending("resigns", "a", 9, 3, [Comment("gg")]),
        Phase(2, "b", 7, 1, [Comment("round two")]),
    ]


IDS = [type(e).__name__ for e in _examples()]


@pytest.mark.parametrize("index", range(len(IDS)), ids=IDS)
def test_two_elements_differing_in_any_one_field_are_not_equal(index: int) -> None:
    element = _examples()[index]
    same = _examples()[index]
    assert element == same
    assert element.__slots__, type(element)
    for field in element.__slots__:
        other = copy.copy(same)
        setattr(other, field, object())  # a value equal to nothing but itself
        assert element != other, f"{type(element).__name__}.{field} is not compared"


@pytest.mark.parametrize("index", range(len(IDS)), ids=IDS)
def test_an_element_is_never_equal_to_another_class_and_has_no_hash(index: int) -> None:
    element = _examples()[index]
    for other in _examples():
        assert (element == other) == (type(other) is type(element))
    assert element != (element.__slots__, [getattr(element, f) for f in element.__slots__])
    with pytest.raises(TypeError):
        hash(element)  # it holds lists and is changed while a record is read


@pytest.mark.parametrize("index", range(len(IDS)), ids=IDS)
def test_the_repr_names_the_class_and_every_field(index: int) -> None:
    element = _examples()[index]
    shown = repr(element)
    assert shown.startswith(f"{type(element).__name__}(") and shown.endswith(")")
    for field in element.__slots__:
        assert f"{field}={getattr(element, field)!r}" in shown
    assert not hasattr(element, "__dict__")  # slots only: the reader makes one per move
