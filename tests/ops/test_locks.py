"""The lock files agree with the lists they are made from (`python3 dev.py lock`): a package
added to or changed in requirements.in or requirements-dev.in without locking again fails
here, as does a locked package without hashes or a test set that holds the app's packages at
other versions than the run set."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?==(\S+)")
LOCKS = {"requirements.in": "requirements.txt", "requirements-dev.in": "requirements-dev.txt"}


def normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def direct_pins(text: str) -> dict[str, str]:
    """The `name==version` lines of an input list (its -r and -c lines are read elsewhere)."""
    pins = {}
    for line in text.splitlines():
        match = PIN.match(line.split("#", 1)[0].strip())
        if match:
            pins[normalized(match[1])] = match[2]
    return pins


def locked(text: str) -> dict[str, tuple[str, int]]:
    """Each package of a lock file: its version and how many hashes it lists."""
    packages: dict[str, tuple[str, int]] = {}
    current = None
    for line in text.splitlines():
        match = PIN.match(line)
        if match:
            current = normalized(match[1])
            packages[current] = (match[2], 0)
        elif current and line.strip().startswith("--hash=sha256:"):
            version, hashes = packages[current]
            packages[current] = (version, hashes + 1)
    return packages


def read(name: str) -> str:
    return (ROOT / name).read_text()


def inputs_of(source: str) -> dict[str, str]:
    """An input's own pins and those of the lists it takes in with -r."""
    pins = direct_pins(read(source))
    for line in read(source).splitlines():
        if line.startswith("-r "):
            pins = {**inputs_of(line[3:].strip()), **pins}
    return pins


@pytest.mark.parametrize("source, lock", LOCKS.items())
def test_it_locks_every_listed_package_at_its_listed_version(source: str, lock: str) -> None:
    packages = locked(read(lock))
    wanted = inputs_of(source)
    assert wanted, f"no pins read from {source}"
    stale = {
        name: (version, packages.get(name, ("missing", 0))[0])
        for name, version in wanted.items()
        if packages.get(name, ("missing", 0))[0] != version
    }
    assert not stale, f"{lock} is older than {source} (listed, locked): {stale}"


@pytest.mark.parametrize("lock", LOCKS.values())
def test_it_pins_every_locked_package_with_hashes(lock: str) -> None:
    packages = locked(read(lock))
    assert packages, f"no packages read from {lock}"
    assert [name for name, (_, hashes) in packages.items() if not hashes] == []


def test_it_holds_the_apps_packages_at_the_same_versions_in_both_sets() -> None:
    run, test = locked(read("requirements.txt")), locked(read("requirements-dev.txt"))
    differ = {name: (run[name][0], test.get(name, ("missing", 0))[0]) for name in run}
    assert {name: pair for name, pair in differ.items() if pair[0] != pair[1]} == {}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Django==5.2.19  # the framework", {"django": "5.2.19"}),
        ("psycopg[binary]==3.3.9", {"psycopg": "3.3.9"}),
        ("-r requirements.in\n-c requirements.txt\n# pytest==1.0", {}),
        ("zope.interface==8.7", {"zope-interface": "8.7"}),
    ],
)
def test_it_reads_an_input_list(text: str, expected: dict[str, str]) -> None:
    assert direct_pins(text) == expected


def test_it_reads_a_lock_with_its_hashes() -> None:
    text = "a-b==1.0 \\\n    --hash=sha256:00 \\\n    --hash=sha256:11\n    # via x\nc==2\n"
    assert locked(text) == {"a-b": ("1.0", 2), "c": ("2", 0)}
