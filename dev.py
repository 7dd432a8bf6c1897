#!/usr/bin/env python3
"""Project tasks, standard library only.

python3 dev.py run                  set up, migrate, serve on http://127.0.0.1:8000
python3 dev.py test [pytest args]   set up, lint, check, test on SQLite then PostgreSQL
"""

import glob
import hashlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
STAMP = VENV / ".requirements.sha256"
REQUIREMENTS = [ROOT / "requirements.txt", ROOT / "requirements-dev.txt"]
NODE_MODULES = ROOT / "node_modules"
NPM_STAMP = NODE_MODULES / ".package-lock.sha256"
NPM_FILES = [ROOT / "package.json", ROOT / "package-lock.json"]
AXE = NODE_MODULES / "axe-core" / "axe.min.js"
CHROMIUM = Path("/usr/bin/chromium")
DEV_SECRET_KEY = "django-insecure-dev-py-only"
PLAIN_STORAGE = "django.contrib.staticfiles.storage.StaticFilesStorage"
IS_ROOT = os.geteuid() == 0
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


def requirements_hash():
    # pyvenv.cfg names the venv's Python, so a new interpreter also reinstalls.
    digest = hashlib.sha256()
    for path in [VENV / "pyvenv.cfg", *REQUIREMENTS]:
        digest.update(path.read_bytes())
    return digest.hexdigest()


def ensure_venv():
    """Create .venv and install requirements when they changed, then re-run inside it."""
    if not VENV_PYTHON.exists():
        header("Creating .venv")
        if subprocess.call([sys.executable, "-m", "venv", str(VENV)]) != 0:
            # A half-made venv would make every later run fail the same way.
            shutil.rmtree(VENV, ignore_errors=True)
            fail("venv", f"{sys.executable} -m venv .venv failed")
    wanted = requirements_hash()
    if not STAMP.exists() or STAMP.read_text().strip() != wanted:
        header("Installing requirements-dev.txt into .venv")
        pip = [VENV_PYTHON, "-m", "pip", "install", "--disable-pip-version-check", "-q"]
        run("install requirements", [*pip, "-r", ROOT / "requirements-dev.txt"])
        STAMP.write_text(wanted + "\n")
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


def cmd_run():
    env = base_env()
    header("migrate")
    manage("migrate", "migrate", "--noinput", env=env)
    # The cache (login throttle, API rate limit) is a database table.
    manage("createcachetable", "createcachetable", env=env)
    compile_messages(env)
    header("runserver on http://127.0.0.1:8000")
    sys.stdout.flush()
    os.chdir(ROOT)
    args = [str(VENV_PYTHON), "manage.py", "runserver", "127.0.0.1:8000"]
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


# Chinese, Japanese, Korean and Thai glyphs: without them the browser tests' screenshots of
# those pages show boxes, and line breaking cannot be judged from them.
FONT_PACKAGES = {
    "fonts-noto-cjk": Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
    "fonts-thai-tlwg": Path("/usr/share/fonts/truetype/tlwg"),
}


def ensure_fonts():
    header("Fonts for CJK and Thai screenshots")
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


def ensure_node_modules(env):
    """`npm ci` when package-lock.json changed: the browser tests inject axe-core from it."""
    header("npm ci (axe-core for the accessibility tests)")
    wanted = npm_hash()
    if AXE.exists() and NPM_STAMP.exists() and NPM_STAMP.read_text().strip() == wanted:
        print("node_modules matches package-lock.json")
        return
    if shutil.which("npm") is None:
        if env.get("NAPOLEON_SKIP_BROWSER_TESTS"):
            print("npm is missing, and so are the browser tests that need it.", flush=True)
            return
        if not IS_ROOT:
            fail("npm ci", "npm is missing; install Node.js and npm (apt-get install nodejs npm)")
        apt_install("install npm", "nodejs", "npm")
    # npm ci empties node_modules first, the stamp with it: a failed run installs again.
    run("npm ci", ["npm", "ci", "--no-audit", "--no-fund"])
    if not AXE.exists():
        fail("npm ci", f"{AXE} is missing after npm ci")
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


def pytest_on_postgres(env, pytest_args):
    step = "pytest on PostgreSQL"
    header("Starting a throwaway PostgreSQL")
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
        run(step, [*as_postgres, *initdb, "--locale=C", "--no-sync"], cwd=tmp)
        server_opts = f"-k {tmp} -p {port} -c listen_addresses=127.0.0.1 -F"
        rc = subprocess.call([str(part) for part in [*pg_ctl, "-o", server_opts, "-w", "start"]])
        if rc != 0:
            log = tmp / "server.log"
            print(log.read_text() if log.exists() else "(no server log)", file=sys.stderr)
            fail(step, f"pg_ctl start exited with {rc}")
        header(f"pytest on PostgreSQL (port {port})")
        pg_env = {**env, "DATABASE_URL": f"postgres://postgres@127.0.0.1:{port}/postgres"}
        run(step, [VENV_PYTHON, "-m", "pytest", *pytest_args], env=pg_env)
    finally:
        if (data / "postmaster.pid").exists():
            subprocess.call([str(part) for part in [*pg_ctl, "-m", "fast", "stop"]])
        shutil.rmtree(tmp, ignore_errors=True)


def cmd_test(pytest_args):
    env = base_env()
    env["DJANGO_DEBUG"] = "1"
    env.setdefault("DJANGO_SECRET_KEY", DEV_SECRET_KEY)
    env.pop("DATABASE_URL", None)
    env.pop("DJANGO_STATICFILES_STORAGE", None)
    bindir = VENV_PYTHON.parent

    header("ruff check")
    run("ruff check", [bindir / "ruff", "check", "."], env=env)
    header("ruff format --check")
    run("ruff format", [bindir / "ruff", "format", "--check", "."], env=env)
    header("makemigrations --check")
    manage("makemigrations --check", "makemigrations", "--check", "--dry-run", env=env)
    header("manage.py check")
    manage("check", "check", env=env)
    compile_messages(env)
    header("collectstatic with the production storage")
    with tempfile.TemporaryDirectory(prefix="napoleon-static-") as static_root:
        static_env = {**env, "DJANGO_STATIC_ROOT": static_root}
        manage("collectstatic", "collectstatic", "--noinput", env=static_env)
    ensure_chromium(env)
    ensure_fonts()
    ensure_node_modules(env)

    env["DJANGO_STATICFILES_STORAGE"] = PLAIN_STORAGE
    header("pytest on SQLite")
    run("pytest on SQLite", [VENV_PYTHON, "-m", "pytest", *pytest_args], env=env)
    pytest_on_postgres(env, pytest_args)
    header("All steps passed")


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in {"run", "test"}:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    if sys.argv[1] == "run" and len(sys.argv) > 2:
        fail("arguments", "`run` takes no arguments")
    ensure_venv()
    if sys.argv[1] == "run":
        cmd_run()
    else:
        cmd_test(sys.argv[2:])


if __name__ == "__main__":
    main()
