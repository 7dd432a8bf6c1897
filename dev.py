#!/usr/bin/env python3
"""Project tasks, standard library only.

python3 dev.py run [port]           set up the app alone, migrate, serve on http://127.0.0.1:8000
python3 dev.py test [pytest args]   set up with the test tools, lint, check, test on SQLite
                                    and (the tests that reach the database) on PostgreSQL
python3 dev.py lock [options]       write requirements.txt and requirements-dev.txt again from
                                    requirements.in and requirements-dev.in (pip-compile options,
                                    e.g. --upgrade-package NAME or --upgrade)
"""

import contextlib
import glob
import hashlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
# Lock files, made by `dev.py lock` from the lists in requirements.in and requirements-dev.in:
# every package pinned, with its hashes. The test set holds the run set at the same versions.
RUN_REQUIREMENTS = ROOT / "requirements.txt"
TEST_REQUIREMENTS = ROOT / "requirements-dev.txt"
LOCK_INPUTS = [ROOT / "requirements.in", ROOT / "requirements-dev.in"]  # the run set first
# What sends pip elsewhere than the default index, or bounds what it takes from it: a lock made
# under these could name files that only this machine has.
PIP_SOURCES = [
    "PIP_INDEX_URL",
    "PIP_EXTRA_INDEX_URL",
    "PIP_FIND_LINKS",
    "PIP_NO_INDEX",
    "PIP_CONSTRAINT",
]
NODE_MODULES = ROOT / "node_modules"
NPM_STAMP = NODE_MODULES / ".package-lock.sha256"
NPM_FILES = [ROOT / "package.json", ROOT / "package-lock.json"]
NODE_BIN = NODE_MODULES / ".bin"
AXE = NODE_MODULES / "axe-core" / "axe.min.js"
# What `npm ci` installs and the steps below use: the JavaScript checks' tools, and axe-core.
NPM_TOOLS = [NODE_BIN / "tsc", NODE_BIN / "eslint", AXE]
CHROMIUM = Path("/usr/bin/chromium")
DEV_SECRET_KEY = "django-insecure-dev-py-only"
PLAIN_STORAGE = "django.contrib.staticfiles.storage.StaticFilesStorage"
IS_ROOT = os.geteuid() == 0
# Test processes: the machine this runs on in CI has 2 cores (see README), but a test spends
# much of its time waiting (on Chromium, on PostgreSQL's answer, on a command it started), so
# more workers than cores keep both busy: 4 + 2 measured 44 s faster than 3 + 1.
SQLITE_WORKERS = os.environ.get("NAPOLEON_SQLITE_WORKERS", "4")
PG_WORKERS = os.environ.get("NAPOLEON_PG_WORKERS", "2")
NO_DATABASE_TESTS = ("tests/rules", "tests/api", "tests/rulings", "tests/browser")
_apt_updated = False


def header(title):
    print(f"\n=== {title}", flush=True)


def fail(step, detail):
    print(f"\ndev.py: FAILED at step '{step}': {detail}", file=sys.stderr, flush=True)
    sys.exit(1)


def run(step, cmd, env=None, cwd=ROOT):
    rc = subprocess.call([str(part) for part in cmd], cwd=cwd, env=env)
    if rc == 5 and "pytest" in map(str, cmd):
        fail(step, "pytest collected no tests")
    if rc != 0:
        fail(step, f"{' '.join(map(str, cmd))} exited with {rc}")


def apt_install(step, *packages):
    global _apt_updated
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    print(f"Installing {' '.join(packages)} with apt-get", flush=True)
    if not _apt_updated:
        run(step, ["apt-get", "update", "-qq"], env=env)
        _apt_updated = True
    install = ["apt-get", "install", "-y", "-qq", "--no-install-recommends", *packages]
    run(step, install, env=env)


def requirements_hash(requirements):
    # pyvenv.cfg names the venv's Python, so a new interpreter also reinstalls.
    digest = hashlib.sha256()
    for path in [VENV / "pyvenv.cfg", requirements]:
        digest.update(path.read_bytes())
    return digest.hexdigest()


def ensure_venv(requirements):
    """Create .venv and install ``requirements`` when they changed, then re-run inside it.

    `run` installs what the app needs and nothing more; `test` adds the test tools. Every
    file pip downloads must match a hash in the lock, or nothing is installed."""
    if not VENV_PYTHON.exists():
        header("Creating .venv")
        if subprocess.call([sys.executable, "-m", "venv", str(VENV)]) != 0:
            # A half-made venv would make every later run fail the same way.
            shutil.rmtree(VENV, ignore_errors=True)
            fail("venv", f"{sys.executable} -m venv .venv failed")
    stamp = VENV / f".{requirements.name}.sha256"
    wanted = requirements_hash(requirements)
    if not stamp.exists() or stamp.read_text().strip() != wanted:
        header(f"Installing {requirements.name} into .venv")
        pip = [VENV_PYTHON, "-m", "pip", "install", "--disable-pip-version-check", "-q"]
        # The tests read compiled modules from .venv/pycache (cmd_test), never pip's copies.
        pip += ["--no-compile"] if requirements == TEST_REQUIREMENTS else []
        run(f"install {requirements.name}", [*pip, "--require-hashes", "-r", requirements])
        stamp.write_text(wanted + "\n")
    if Path(sys.prefix).resolve() != VENV.resolve():
        os.execv(VENV_PYTHON, [str(VENV_PYTHON), str(Path(__file__).resolve()), *sys.argv[1:]])


def base_env():
    env = dict(os.environ)
    env.setdefault("DJANGO_DEBUG", "1")
    return env


def manage(step, *args, env):
    run(step, [VENV_PYTHON, ROOT / "manage.py", *args], env=env)


def compile_messages(env):
    # Project and app catalogues only: .venv holds Django's own, already compiled.
    if not any(ROOT.glob("locale/**/*.po")) and not any(ROOT.glob("*/locale/**/*.po")):
        return
    header("compilemessages")
    if shutil.which("msgfmt") is None:
        if not IS_ROOT:
            fail("compilemessages", "msgfmt is missing; install gettext (apt-get install gettext)")
        apt_install("install gettext", "gettext")
    manage("compilemessages", "compilemessages", "--ignore=.venv", env=env)


def cmd_run(port):
    env = base_env()
    header("migrate")
    # migrate also makes the cache's table (scoring/migrations/0007_cache_table.py).
    manage("migrate", "migrate", "--noinput", env=env)
    compile_messages(env)
    header(f"runserver on http://127.0.0.1:{port}")
    sys.stdout.flush()
    os.chdir(ROOT)
    args = [str(VENV_PYTHON), "manage.py", "runserver", f"127.0.0.1:{port}"]
    os.execve(VENV_PYTHON, args, env)


def ensure_chromium(env):
    header("Chromium")
    if CHROMIUM.exists():
        print(f"{CHROMIUM} found")
        return
    if IS_ROOT:
        apt_install("install chromium", "chromium")
        return
    print(
        f"{CHROMIUM} is missing and installing it needs root "
        "(apt-get install chromium); browser tests will be skipped.",
        flush=True,
    )
    env["NAPOLEON_SKIP_BROWSER_TESTS"] = "1"


# Chinese, Japanese, Korean and Thai glyphs: without them those pages are laid out in boxes, so
# the browser tests cannot judge their line breaking and width, and their screenshots (written
# on request, README "Tests") show boxes.
FONT_PACKAGES = {
    "fonts-noto-cjk": Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
    "fonts-thai-tlwg": Path("/usr/share/fonts/truetype/tlwg"),
}


def ensure_fonts():
    header("Fonts for CJK and Thai pages")
    missing = [name for name, path in FONT_PACKAGES.items() if not path.exists()]
    if not missing:
        print("fonts-noto-cjk and fonts-thai-tlwg found")
    elif IS_ROOT:
        apt_install("install fonts", *missing)
    else:
        print(f"{', '.join(missing)} missing (needs root): CJK and Thai text may show as boxes.")


def npm_hash():
    digest = hashlib.sha256()
    for path in NPM_FILES:
        digest.update(path.read_bytes())
    return digest.hexdigest()


def ensure_node_modules():
    """`npm ci` when package-lock.json changed: the checks type-check and lint static/js with
    TypeScript and ESLint from it, and the browser tests inject axe-core from it."""
    header("npm ci (TypeScript, ESLint and axe-core)")
    wanted = npm_hash()
    installed = all(tool.exists() for tool in NPM_TOOLS)
    if installed and NPM_STAMP.exists() and NPM_STAMP.read_text().strip() == wanted:
        print("node_modules matches package-lock.json")
        return
    if shutil.which("npm") is None:
        if not IS_ROOT:
            fail("npm ci", "npm is missing; install Node.js and npm (apt-get install nodejs npm)")
        apt_install("install npm", "nodejs", "npm")
    # npm ci empties node_modules first, the stamp with it: a failed run installs again.
    run("npm ci", ["npm", "ci", "--no-audit", "--no-fund"])
    for tool in NPM_TOOLS:
        if not tool.exists():
            fail("npm ci", f"{tool} is missing after npm ci")
    NPM_STAMP.write_text(wanted + "\n")


def postgres_bin():
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
        key=lambda path: int(Path(path).parts[-3]),
    )
    if not found and IS_ROOT:
        apt_install("install postgresql", "postgresql")
        return postgres_bin()
    if not found:
        fail("postgresql", "no /usr/lib/postgresql/*/bin; install postgresql (needs root)")
    return Path(found[-1]).parent


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def postgres():
    """A throwaway PostgreSQL cluster on 127.0.0.1 for the length of the block: its URL."""
    step = "PostgreSQL"
    bindir = postgres_bin()
    as_postgres = ["runuser", "-u", "postgres", "--"] if IS_ROOT else []
    tmp = Path(tempfile.mkdtemp(prefix="napoleon-pg-"))
    data, port = tmp / "data", free_port()
    pg_ctl = [*as_postgres, bindir / "pg_ctl", "-D", data, "-l", tmp / "server.log"]
    try:
        if IS_ROOT:
            # initdb refuses to run as root, so the cluster belongs to postgres.
            shutil.chown(tmp, "postgres", "postgres")
        initdb = [bindir / "initdb", "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8"]
        quiet = {"stdout": subprocess.DEVNULL}
        rc = subprocess.call(
            [str(p) for p in [*as_postgres, *initdb, "--locale=C", "--no-sync"]], cwd=tmp, **quiet
        )
        if rc != 0:
            fail(step, f"initdb exited with {rc}")
        server_opts = f"-k {tmp} -p {port} -c listen_addresses=127.0.0.1 -F"
        start = [*pg_ctl, "-o", server_opts, "-w", "start"]
        rc = subprocess.call([str(part) for part in start], **quiet)
        if rc != 0:
            log = tmp / "server.log"
            print(log.read_text() if log.exists() else "(no server log)", file=sys.stderr)
            fail(step, f"pg_ctl start exited with {rc}")
        yield f"postgres://postgres@127.0.0.1:{port}/postgres"
    finally:
        if (data / "postmaster.pid").exists():
            subprocess.call([str(part) for part in [*pg_ctl, "-m", "fast", "stop"]], **quiet)
        shutil.rmtree(tmp, ignore_errors=True)


def in_parallel(jobs, env, meanwhile=None):
    """Run {name: command} at once, then ``meanwhile()`` if given; print each one's output
    when it ends; fail on any."""
    started = {}
    for name, cmd in jobs.items():
        out = tempfile.TemporaryFile()
        proc = subprocess.Popen(
            [str(p) for p in cmd], cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT
        )
        started[name] = (proc, out)
    if meanwhile is not None:
        meanwhile()
    failed = []
    for name, (proc, out) in started.items():
        rc = proc.wait()
        out.seek(0)
        header(f"{name}: {'ok' if rc == 0 else f'exit {rc}'}")
        sys.stdout.write(out.read().decode(errors="replace"))
        if rc != 0:
            failed.append(f"{name} exited with {rc}")
    if failed:
        fail(", ".join(jobs), "; ".join(failed))


def checks(env, meanwhile=None):
    """Lint, migrations, system checks, the production static build, and the JavaScript's
    type check, lint and unit tests, side by side (needs ensure_node_modules first), and
    ``meanwhile()`` once they have started."""
    bindir = VENV_PYTHON.parent
    manage_py = [VENV_PYTHON, ROOT / "manage.py"]
    collectstatic = [*manage_py, "collectstatic", "--noinput", "-v", "0"]
    static_root = tempfile.mkdtemp(prefix="napoleon-static-")
    try:
        in_parallel(
            {
                "ruff check": [bindir / "ruff", "check", "."],
                "ruff format --check": [bindir / "ruff", "format", "--check", "."],
                # scoring/ and napoleon_site/, with django-stubs (pyproject.toml [tool.mypy]).
                "mypy": [VENV_PYTHON, "-m", "mypy"],
                # The import layers and no cycles (.importlinter).
                "lint-imports": [bindir / "lint-imports"],
                "makemigrations --check": [*manage_py, "makemigrations", "--check", "--dry-run"],
                "manage.py check": [*manage_py, "check"],
                "collectstatic (production storage)": collectstatic,
                # static/js from its JSDoc types: the pages, the service worker (another
                # global scope) and the unit tests each by their own tsconfig.
                "tsc (pages)": [NODE_BIN / "tsc", "-p", "tsconfig.json"],
                "tsc (service worker)": [NODE_BIN / "tsc", "-p", "tsconfig.sw.json"],
                "tsc (JS unit tests)": [NODE_BIN / "tsc", "-p", "tsconfig.tests.json"],
                "eslint": [NODE_BIN / "eslint", "."],
                "node --test (JS unit tests)": ["node", "--test", "tests/js/"],
            },
            {**env, "DJANGO_STATIC_ROOT": static_root},
            meanwhile,
        )
    finally:
        shutil.rmtree(static_root, ignore_errors=True)


def marker_expression(pytest_args):
    """(the -m expression given, if any; the other arguments): pytest keeps only the last -m,
    so the PostgreSQL run joins the one given (`-m slow`, say) to its own `not browser`."""
    chosen, rest, args = None, [], iter(pytest_args)
    for arg in args:
        if arg == "-m":
            chosen = next(args, "")
        elif arg.startswith("-m") and not arg.startswith("--"):
            chosen = arg[2:].lstrip("=")
        else:
            rest.append(arg)
    return chosen, rest


def pytest_commands(pytest_args):
    """(the SQLite run's command, the PostgreSQL run's command)."""
    pytest = [VENV_PYTHON, "-m", "pytest"]
    # Work stealing: a worker that runs dry takes half of the longest queue, so the run
    # ends with every worker busy (xdist's default hands out chunks of hundreds of tests
    # and left one worker with minutes of them while the others idled).
    sqlite_cmd = [*pytest, "-n", SQLITE_WORKERS, "--dist", "worksteal", "--durations=15"]
    chosen, rest = marker_expression(pytest_args)
    postgres_cmd = [
        *pytest,
        "-n",
        PG_WORKERS,
        "--dist",
        "worksteal",
        "-m",
        f"not browser and ({chosen})" if chosen else "not browser",
        "--durations=10",
        # Not even collected: directories with no test that reaches the database.
        *(f"--ignore={folder}" for folder in NO_DATABASE_TESTS),
        *rest,
    ]
    return [*sqlite_cmd, *pytest_args], postgres_cmd


def relay(proc, out):
    """Copy what ``proc`` writes to the file ``out`` onto stdout as it comes; its exit code."""
    with open(out, "rb") as written:
        while True:
            chunk = written.read(65536)
            if chunk:
                sys.stdout.buffer.write(chunk)
                sys.stdout.flush()
            elif proc.poll() is not None:
                sys.stdout.buffer.write(written.read())
                sys.stdout.flush()
                return proc.returncode
            else:
                time.sleep(0.5)


def failed_tests(out):
    """pytest's FAILED and ERROR summary lines in the log ``out``: repeated at the very end,
    because a CI page that shows only a run's head and tail would otherwise hide them."""
    lines = Path(out).read_bytes().decode(errors="replace").splitlines()
    return [line for line in lines if line.startswith(("FAILED ", "ERROR "))]


def warm_up(test_env, pytest_args):
    """A pytest that only collects, started before the steps that need no tests: it caches
    the compiled modules and the tests with their asserts rewritten, which each of the six
    workers, starting at once, made for itself (6 s of CPU each). A failure only slows."""
    cmd = [VENV_PYTHON, "-m", "pytest", "--collect-only", "-q", *pytest_args]
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    return subprocess.Popen([str(p) for p in cmd], cwd=ROOT, env=test_env, **quiet)


def checks_beside_tests(env, test_env, sqlite_cmd, postgres_cmd, warming):
    """The checks, with both pytest runs started beside them once ``warming`` has ended;
    the runs' exit codes."""
    scratch = Path(tempfile.mkdtemp(prefix="napoleon-test-"))
    started = []
    with postgres() as url:
        pg_env = {**test_env, "DATABASE_URL": url, "NAPOLEON_DATABASE_TESTS_ONLY": "1"}

        def start_tests():
            warming.wait()
            for cmd, run_env in ((sqlite_cmd, test_env), (postgres_cmd, pg_env)):
                with open(scratch / f"pytest-{len(started)}.log", "wb") as out:
                    command = [str(p) for p in cmd]
                    to_log = {"stdout": out, "stderr": subprocess.STDOUT}
                    started.append(subprocess.Popen(command, cwd=ROOT, env=run_env, **to_log))

        try:
            # The tests start beside the checks: the checks alone leave a core idle while
            # their longest ones finish, and the tests' workers take a while to start.
            checks(env, start_tests)  # a failure stops the run, the tests with it (finally)
            header("pytest on SQLite: everything")
            rc = relay(started[0], scratch / "pytest-0.log")
            header("pytest on PostgreSQL: the tests that reach the database")
            pg_rc = relay(started[1], scratch / "pytest-1.log")
            for name, index in (("SQLite", 0), ("PostgreSQL", 1)):
                for line in failed_tests(scratch / f"pytest-{index}.log"):
                    print(f"{name}: {line}", file=sys.stderr, flush=True)
        finally:
            # Before the PostgreSQL cluster stops: its tests may still be running.
            for proc in started:
                if proc.poll() is None:
                    proc.terminate()
                    proc.wait()
            shutil.rmtree(scratch, ignore_errors=True)
    return rc, pg_rc


def cmd_test(pytest_args):
    env = base_env()
    env["DJANGO_DEBUG"] = "1"
    env.setdefault("DJANGO_SECRET_KEY", DEV_SECRET_KEY)
    env.pop("DATABASE_URL", None)
    env.pop("DJANGO_STATICFILES_STORAGE", None)
    # Compiled modules are cached, in .venv and not beside the sources (a shell may ask
    # Python to write none there): else every pytest worker, and every server and command
    # the tests start, compiles the app and rewrites the tests' asserts again.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(VENV / "pycache")
    test_env = {**env, "DJANGO_STATICFILES_STORAGE": PLAIN_STORAGE}
    warming = warm_up(test_env, pytest_args)
    ensure_chromium(test_env)
    ensure_fonts()
    ensure_node_modules()  # before the checks: they run its TypeScript and ESLint
    compile_messages(env)  # before the tests: they read the compiled catalogues

    sqlite_cmd, postgres_cmd = pytest_commands(pytest_args)
    header("checks, with pytest running beside them (its output follows theirs)")
    rc, pg_rc = checks_beside_tests(env, test_env, sqlite_cmd, postgres_cmd, warming)
    # A chosen test that never reaches the database has nothing to do on PostgreSQL.
    if rc == 5 or (pg_rc == 5 and not pytest_args):
        fail("pytest", "pytest collected no tests")
    failed = [name for name, code in (("SQLite", rc), ("PostgreSQL", pg_rc)) if code not in (0, 5)]
    if failed:
        fail("pytest", f"pytest on {' and '.join(failed)} exited with {rc}, {pg_rc}")
    header("All steps passed")


def cmd_lock(options):
    """pip-compile each input into its lock, with pyproject.toml's [tool.pip-tools.compile]."""
    env = {key: value for key, value in os.environ.items() if key not in PIP_SOURCES}
    # Not even the machine's pip.conf: the locks must install where only the default index is.
    env["PIP_CONFIG_FILE"] = os.devnull
    pip_compile = VENV_PYTHON.parent / "pip-compile"
    for source in LOCK_INPUTS:
        header(f"pip-compile {source.name}")
        run(f"lock {source.name}", [pip_compile, "--quiet", *options, source.name], env=env)
    print("\nLocked; `dev.py run` and `dev.py test` install the new locks when next run.")


def parse_port(args):
    if not args:
        return 8000
    if len(args) > 1 or not args[0].isascii() or not args[0].isdigit():
        fail("arguments", "`run` takes at most one argument, a port number (e.g. 8001)")
    port = int(args[0])
    if not 1 <= port <= 65535:
        fail("arguments", f"{port} is not a port number (1 to 65535)")
    return port


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in {"run", "test", "lock"}:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    if sys.argv[1] == "run":
        port = parse_port(sys.argv[2:])
        ensure_venv(RUN_REQUIREMENTS)
        cmd_run(port)
    elif sys.argv[1] == "lock":
        # pip-compile comes with the test tools.
        ensure_venv(TEST_REQUIREMENTS)
        cmd_lock(sys.argv[2:])
    else:
        ensure_venv(TEST_REQUIREMENTS)
        cmd_test(sys.argv[2:])


if __name__ == "__main__":
    main()
