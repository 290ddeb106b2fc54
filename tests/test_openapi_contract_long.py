"""The contract's long variants (`python3 manage.py test --long`): every operation with 200 valid
examples and the coverage phase's boundary cases (hundreds per operation for the command and preview
bodies, a `oneOf` of every command), and 80 stateful sequences. The checks are those of
tests/test_openapi_contract.py.

A `*_long.py` module is not imported without `--long` (tests/conftest.py): schemathesis builds the
coverage phase's cases when it collects the test, about 10 s in each test process, for a test the
default run leaves out.
"""
from __future__ import annotations

import hypothesis
import pytest
import schemathesis
from schemathesis.config import SchemathesisConfig

from tests.test_openapi_contract import DOCUMENT, LIVE, _call, _sequences, codes, openings  # noqa: F401 (fixtures)

pytestmark = pytest.mark.long

covered = schemathesis.openapi.from_path(
    DOCUMENT, config=SchemathesisConfig.from_str('[generation]\nmode = "positive"\n')).exclude(path_regex=LIVE)


@covered.parametrize()
@hypothesis.settings(max_examples=200, deadline=None, suppress_health_check=list(hypothesis.HealthCheck))
def test_api_conforms_200_examples(case, codes, live_server):
    _call(case, codes, live_server)


def test_more_stateful_sequences_follow_the_links(live_server, openings):
    _sequences(live_server, openings, 80)
