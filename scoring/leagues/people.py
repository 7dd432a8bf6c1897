"""Players as people: a player entry linked to an account through an invitation.

A league owner invites a person to be one of the league's players (scoring.models.invitations);
the person, signed in, accepts: the player entry is then theirs (``Player.user``), and
they become a member of the league if they were not one. One account is at most one
player of a league (a database constraint says so too), and a player is at most one
account. Every refusal says why in words and changes nothing.
"""

from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import Invitation, Membership, Player
from scoring.models.sql import quoted


class InvitationProblem(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def invite(player: Player, by: User, invitee: User | None = None) -> Invitation:
    """The player's open invitation, for ``invitee`` (an account) or for whoever holds
    its link: the one already open if it is addressed the same way, else a new one (the
    other is withdrawn: a player has one open invitation)."""
    if player.user_id is not None:
        raise InvitationProblem(
            _("%(name)s is already linked to an account.") % {"name": player.name}
        )
    if invitee is not None:
        already = Player.objects.filter(league_id=player.league_id, user=invitee).first()
        if already is not None:
            raise InvitationProblem(
                _("%(account)s is already %(name)s in this league.")
                % {"account": invitee.get_username(), "name": already.name}
            )
    found = open_invitation(player)
    if found is not None and found.invitee_id == (invitee.pk if invitee else None):
        return found
    with transaction.atomic():
        if found is not None:
            revoke(found)
        return Invitation.objects.create(player=player, created_by=by, invitee=invitee)


def for_someone_else(invitation: Invitation, user: User) -> str | None:
    """Why ``user`` may not answer this invitation (it is another account's), or None.

    Only the league's owner, who addressed it, reads which account it is for: anyone
    else holding the code learns that it is addressed to someone, not to whom."""
    if invitation.invitee_id is None or invitation.invitee_id == user.pk:
        return None
    invitee = (
        invitation.invitee if invitation.player.league.role_of(user) == Membership.OWNER else None
    )
    if invitee is not None:
        return _(
            "This invitation is for the account %(account)s. Log in as %(account)s to answer it."
        ) % {"account": invitee.get_username()}
    return addressed_elsewhere()


def addressed_elsewhere() -> str:
    return _(
        "This invitation is addressed to another account. Log in as that account to answer it."
    )


def open_invitation(player: Player) -> Invitation | None:
    found = player.invitations.filter(state=Invitation.OPEN, expires_at__gt=timezone.now())
    return found.order_by("-created_at").first()


def why_closed(invitation: Invitation) -> str | None:
    """Why this invitation can no longer be answered, or None while it is open."""
    if invitation.state == Invitation.ACCEPTED:
        return _("This invitation has already been accepted.")
    if invitation.state == Invitation.REFUSED:
        return _("This invitation was declined.")
    if invitation.state == Invitation.REVOKED:
        return _("The league's owner has withdrawn this invitation.")
    if invitation.expired:
        return _("This invitation has expired. Ask the league's owner for a new one.")
    return None


def accept(invitation: Invitation, user: User) -> Player:
    """Link the invited player to ``user``, who joins the league; the linked player."""
    try:
        with transaction.atomic():
            return _accept(invitation, user)
    except IntegrityError as race:  # another link was made at the same moment
        raise InvitationProblem(_("This player or you were linked meanwhile.")) from race


def _accept(invitation: Invitation, user: User) -> Player:
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    problem = why_closed(invitation) or for_someone_else(invitation, user)
    if problem:
        raise InvitationProblem(problem)
    player = (
        Player.objects.select_for_update().select_related("league").get(pk=invitation.player_id)
    )
    already = Player.objects.filter(league_id=player.league_id, user=user).first()
    if already is not None:
        raise InvitationProblem(
            _("You are already %(name)s in this league: one account is one player.")
            % {"name": already.name}
        )
    if player.user_id is not None:
        raise InvitationProblem(
            _("%(name)s is already linked to an account.") % {"name": player.name}
        )
    player.user = user
    player.save(update_fields=["user"])
    Membership.objects.get_or_create(league_id=player.league_id, user=user)
    _answer(invitation, Invitation.ACCEPTED, user)
    # Any other invitation for the same player has nothing left to offer.
    player.invitations.filter(state=Invitation.OPEN).update(state=Invitation.REVOKED)
    return player


def refuse(invitation: Invitation, user: User) -> None:
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
        problem = why_closed(invitation) or for_someone_else(invitation, user)
        if problem:
            raise InvitationProblem(problem)
        _answer(invitation, Invitation.REFUSED, user)


def revoke(invitation: Invitation) -> None:
    Invitation.objects.filter(pk=invitation.pk, state=Invitation.OPEN).update(
        state=Invitation.REVOKED
    )


def unlink(player: Player) -> None:
    """The player entry is nobody's account any more (its history stays the league's)."""
    Player.objects.filter(pk=player.pk).update(user=None)


def _answer(invitation: Invitation, state: str, user: User) -> None:
    invitation.state = state
    invitation.answered_by = user
    invitation.answered_at = timezone.now()
    invitation.save(update_fields=["state", "answered_by", "answered_at"])


def received(user: User) -> QuerySet[Invitation] | list[Invitation]:
    """The open invitations addressed to ``user``, the newest first. Most accounts have
    none: one short statement in SQL says so before the full query is built."""
    sql = (
        f"SELECT 1 FROM {quoted(Invitation)} i WHERE i.invitee_id = %s AND i.state = %s"
        " AND i.expires_at > %s LIMIT 1"
    )
    with connection.cursor() as cursor:
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        cursor.execute(sql, [user.pk, Invitation.OPEN, now])
        if cursor.fetchone() is None:
            return []
    return (
        Invitation.objects.filter(
            invitee=user, state=Invitation.OPEN, expires_at__gt=timezone.now()
        )
        .select_related("player__league", "created_by")
        .order_by("-created_at")
    )
