from django.contrib.admin.apps import AdminConfig


class ThrottledAdminConfig(AdminConfig):
    """Django's admin, on the site of napoleon_site.admin_site."""

    default_site = "napoleon_site.admin_site.ThrottledAdminSite"
