from django.http import HttpRequest

from plumbing.redirects import local_path


def safe_next_url(request: HttpRequest, default: str) -> str:
    """The ?next= address when it is a path on this site (plumbing.redirects), else `default`."""
    candidate = request.POST.get("next") or request.GET.get("next") or ""
    return local_path(candidate) or default
