"""The marshmallow fields every game's schemas share (setup options, definitions, command bodies):
a JSON boolean that is a boolean, text that is valid Unicode, a list whose length is checked first."""
from __future__ import annotations

from marshmallow import fields, validate

SMALL = validate.Range(min=0, max=99)
NAME = validate.Length(min=1, max=80)
TEXT = validate.Length(max=1000)


class StrictBoolean(fields.Boolean):
    """A JSON boolean: true or false, not 1, 0 or "yes"."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class Text(fields.String):
    """A string of valid Unicode. Python holds lone surrogates ("\\ud800") that no UTF-8 store or
    answer can carry: refused here (422), never taken in to fail when stored."""

    default_error_messages = {"invalid_unicode": "Not valid Unicode text (a lone surrogate?)"}

    def _deserialize(self, value, attr, data, **kwargs):
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise self.make_error("invalid_unicode") from None
        return text


class List(fields.List):
    """A list whose length is checked before its items are read: a body of 300,000 nested items is
    refused (422) at once, not after each item has been validated (marshmallow runs a field's
    validators only after deserializing it)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, (list, tuple)):
            for check in self.validators:
                if isinstance(check, validate.Length):
                    check(value)
        return super()._deserialize(value, attr, data, **kwargs)


def Bool(**kw):
    return StrictBoolean(**kw)


def small(**kw):
    return fields.Integer(strict=True, validate=SMALL, **kw)
