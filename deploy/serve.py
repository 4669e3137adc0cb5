"""Serve the app as production does: nginx on HOST:PORT in front of gunicorn on 127.0.0.1.

    python deploy/serve.py [--host 127.0.0.1] [--port 8000] [--workers 3] [--threads 1]
                           [--app-servers 1] [--nginx-workers 1]
                           [--no-push] [--push-port N] [--push-redis redis://127.0.0.1:6379]

`make serve` runs it after migrate and collectstatic. Gunicorn listens on 127.0.0.1 only
(UPSTREAM_PORT, default PORT + 1); with `--app-servers N`, N gunicorns (each with
--workers) on UPSTREAM_PORT … UPSTREAM_PORT + N - 1, and nginx sends each request to the
next in turn (docs/servers-and-backups.md; on other machines, list their addresses in an
nginx upstream the same way). Each worker serves one request at a time (gunicorn's sync
worker); with `--threads` above 1, that many threads (gunicorn's gthread worker), which
keep nginx's connections open between requests (`--keep-alive 5`, nginx's upstream
`keepalive`). Sync is the default: on a quiet 2-core machine it answered a whole school
and the move answer faster than 4 threads. nginx runs one worker (`--nginx-workers`,
`auto` for one per core: no measurable difference, and each worker would keep its own
round robin). The figures that chose them: docs/performance.md. nginx (Debian's package)
buffers each request and each answer, so slow clients never hold a gunicorn worker.
127.0.0.1 is added to TRUSTED_PROXIES, so the app reads the client's address from the
X-Forwarded-For nginx writes (plumbing/client_address.py). Live lessons are pushed
(docs/classroom.md): when Debian's libnginx-mod-nchan is installed, nginx loads Nchan,
publishes on 127.0.0.1:PUSH_PORT (default the port after the app servers') and the app
is told so (LIVE_PUSH); `--no-push`, or no module, leaves the pages polling. With
`--push-redis`, Nchan keeps its channels in that Redis, so several nginx + app servers
share one event bus (docs/servers-and-backups.md). Both processes stop together
(Ctrl-C, SIGTERM, or either one exiting). Only the standard library: this runs before
Django is set up.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = Path(__file__).with_name("nginx.conf")
PUSH_LOCATIONS = Path(__file__).with_name("nginx-push-locations.conf")
PUSH_PUBLISHER = Path(__file__).with_name("nginx-push-publisher.conf")
NCHAN_MODULE = "/usr/lib/nginx/modules/ngx_nchan_module.so"
NGINX_MISSING = (
    "make serve puts nginx in front of gunicorn, and nginx is not installed: "
    "sudo apt-get install -y nginx (or set NGINX to its path)."
)


def find_nginx() -> str | None:
    return os.environ.get("NGINX") or shutil.which("nginx") or shutil.which("/usr/sbin/nginx")


def find_nchan() -> str | None:
    """Nchan's nginx module (Debian's libnginx-mod-nchan), or None."""
    module = os.environ.get("NCHAN_MODULE") or NCHAN_MODULE
    return module if Path(module).exists() else None


def push_parts(module: str | None, push_port: int, redis: str | None) -> dict[str, str]:
    """The push's pieces of nginx.conf: none without Nchan's module."""
    if module is None:
        return {"push_module": "", "push_publisher": "", "push_locations": ""}
    storage = "            nchan_redis_pass push_redis;" if redis else ""
    upstream = (
        f"    upstream push_redis {{\n        nchan_redis_server {redis};\n    }}" if redis else ""
    )
    return {
        "push_module": f"load_module {module};",
        "push_publisher": PUSH_PUBLISHER.read_text().format(
            push_port=push_port, push_storage=storage, push_redis_upstream=upstream
        ),
        "push_locations": PUSH_LOCATIONS.read_text().format(push_storage=storage),
    }


def nginx_config(
    *,
    host: str,
    port: int,
    upstream_port: int,
    run_dir: Path,
    access_log: str,
    app_servers: int = 1,
    tag_upstream: bool = False,
    nginx_workers: str = "auto",
    push: dict[str, str] | None = None,
) -> str:
    # As root nginx runs its workers as another user; Debian's unprivileged one.
    user = "user nobody nogroup;" if os.geteuid() == 0 else ""
    servers = "\n".join(
        f"        server 127.0.0.1:{upstream_port + number};" for number in range(app_servers)
    )
    # Which app server answered, for the two-server test (never on by default).
    header = "        add_header X-Upstream $upstream_addr always;" if tag_upstream else ""
    return TEMPLATE.read_text().format(
        user=user,
        nginx_workers=nginx_workers,
        host=host,
        port=port,
        upstream_servers=servers,
        upstream_header=header,
        run_dir=run_dir,
        access_log=access_log,
        **(push or push_parts(None, 0, None)),
    )


def trusted_proxies(existing: str) -> str:
    entries = [entry.strip() for entry in existing.split(",") if entry.strip()]
    return ",".join([*entries, "127.0.0.1"] if "127.0.0.1" not in entries else entries)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--upstream-port", type=int, default=None)
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WORKERS", "3")))
    parser.add_argument(
        "--app-servers",
        type=int,
        default=int(os.environ.get("APP_SERVERS", "1")),
        help="gunicorns behind nginx, each with --workers (default 1)",
    )
    parser.add_argument(
        "--threads",
        type=int,
        default=int(os.environ.get("THREADS", "1")),
        help="threads per gunicorn worker (default 1: sync workers; more: gthread)",
    )
    parser.add_argument(
        "--nginx-workers",
        default=os.environ.get("NGINX_WORKERS", "1"),
        help="nginx's worker_processes (default 1: its round robin alternates strictly)",
    )
    parser.add_argument(
        "--tag-upstream", action="store_true", help="answers name their app server (X-Upstream)"
    )
    parser.add_argument(
        "--no-push", action="store_true", help="no push server: the live pages poll"
    )
    parser.add_argument("--push-port", type=int, default=None, help="Nchan's publisher port")
    parser.add_argument(
        "--push-redis",
        default=os.environ.get("PUSH_REDIS") or None,
        help="Nchan's channels in this Redis (redis://127.0.0.1:6379), shared by servers",
    )
    parser.add_argument("--app", default="tutor.wsgi", help="the WSGI application")
    parser.add_argument("--chdir", type=Path, default=ROOT, help="gunicorn's folder")
    parser.add_argument("--run-dir", type=Path, default=None, help="nginx's files")
    parser.add_argument("--quiet", action="store_true", help="no access logs")
    return parser.parse_args(argv)


def start(options: argparse.Namespace) -> tuple[list[subprocess.Popen], subprocess.Popen]:
    nginx = find_nginx()
    if not nginx:
        sys.exit(NGINX_MISSING)
    upstream_port = options.upstream_port or options.port + 1
    run_dir = (options.run_dir or ROOT / "var" / f"serve-{options.port}").resolve()
    run_dir.mkdir(parents=True, exist_ok=True)
    run_dir.chmod(0o755)  # nginx's workers (another user when started as root) write here
    config = run_dir / "nginx.conf"
    module = None if options.no_push else find_nchan()
    push_port = options.push_port or upstream_port + options.app_servers
    config.write_text(
        nginx_config(
            host=options.host,
            port=options.port,
            upstream_port=upstream_port,
            run_dir=run_dir,
            access_log="off" if options.quiet else "/dev/stdout combined",
            app_servers=options.app_servers,
            tag_upstream=options.tag_upstream,
            nginx_workers=options.nginx_workers,
            push=push_parts(module, push_port, options.push_redis),
        )
    )
    env = dict(os.environ, TRUSTED_PROXIES=trusted_proxies(os.environ.get("TRUSTED_PROXIES", "")))
    env["LIVE_PUSH"] = f"http://127.0.0.1:{push_port}/pub" if module else ""
    apps = [
        subprocess.Popen(
            [
                str(Path(sys.executable).parent / "gunicorn"),
                options.app,
                "--bind",
                f"127.0.0.1:{upstream_port + number}",
                "--workers",
                str(options.workers),
                "--threads",
                str(options.threads),
                # Longer than nginx keeps an idle upstream connection (nginx.conf), so
                # gunicorn never closes one nginx is about to reuse.
                "--keep-alive",
                "5",
            ],
            cwd=options.chdir,
            env=env,
        )
        for number in range(options.app_servers)
    ]
    front = subprocess.Popen(
        [nginx, "-p", str(run_dir), "-c", str(config), "-e", "stderr", "-g", "daemon off;"]
    )
    return apps, front


def stop(*processes: subprocess.Popen) -> None:
    for process in processes:
        if process.poll() is None:
            process.terminate()
    deadline = time.monotonic() + 15
    for process in processes:
        try:
            process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def main(argv: list[str]) -> int:
    apps, front = start(parse_args(argv))

    def _stop(signum, frame):
        stop(front, *apps)
        sys.exit(0)

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    while front.poll() is None and all(app.poll() is None for app in apps):
        time.sleep(0.5)
    stop(front, *apps)
    return 1  # one of them ended on its own


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
