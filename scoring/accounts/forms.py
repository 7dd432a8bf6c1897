"""The forms of an account: signing up and signing in."""

from typing import Any

from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User

from scoring.words.typed import refuse_control


class SignUpForm(UserCreationForm[User]):
    pass


class LoginForm(AuthenticationForm):
    """Django's login form; a username with a control character is refused before the
    login counters or the password are asked (no account is called so)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].validators.append(refuse_control)
