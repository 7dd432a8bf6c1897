"""What the house rules mean at the table, for a value that changes play
(merged into ``explain.EXPLAINED``). A choice whose one-line description lists every choice
needs a sentence for the one in force; a plain on/off rule's description says enough."""

from django.utils.translation import gettext_lazy as _

EXPLAINED_HOUSE = {
    ("yoromeki", "HA_after"): _(
        "The ♥A beats ♠A only when it is played after ♠A in the trick; led before it, ♠A wins."
    ),
    ("same_two_rank", "below_trump_jack"): _(
        "The 2 of a same two beats the same-colour jack but loses to ♠A and the trump jack."
    ),
    ("same_two_rank", "below_almighty"): _(
        "The 2 of a same two beats both jacks; only ♠A is stronger."
    ),
    ("same_two_rank", "top"): _("The 2 of a same two beats every card, ♠A included."),
    ("led_joker_rank", "top"): _("A led joker beats even ♠A; only a yoromeki takes it."),
    ("led_joker_rank", "below_trump_jack"): _(
        "A led joker loses to ♠A and to the trump jack, and beats the same-colour jack."
    ),
    ("led_joker_rank", "below_jacks"): _("A led joker loses to ♠A and to both jacks."),
    ("led_joker_rank", "lowest_trump"): _(
        "A led joker is the lowest trump, just below the 2 of trumps: any trump beats it."
    ),
    ("led_joker_rank", "never_wins"): _(
        "A led joker never wins: the second card played sets the suit everyone follows."
    ),
    ("first_trick_plain", "all"): _(
        "On the first trick ♠A and both jacks are ordinary cards; other trumps keep their power."
    ),
    ("first_trick_plain", "jacks"): _(
        "On the first trick both jacks are ordinary cards; ♠A keeps its power."
    ),
    ("plain_tricks", "first"): _(
        "The first trick is plain: trumps and special cards have no power, and the highest "
        "card of the suit led wins."
    ),
    ("plain_tricks", "last"): _(
        "The last trick is plain: trumps and special cards have no power, and the highest "
        "card of the suit led wins."
    ),
    ("plain_tricks", "first_and_last"): _(
        "The first and the last tricks are plain: the highest card of the suit led wins."
    ),
    ("plain_trick_specials", "almighty"): _("On a plain trick ♠A still wins."),
    ("plain_trick_specials", "almighty_and_jacks"): _(
        "On a plain trick ♠A and the two jacks keep their power."
    ),
    ("all_twenty", "made"): _(
        "A napoleon who takes all 20 picture cards on a lower bid has made the hand."
    ),
    ("all_twenty", "fails"): _(
        "A napoleon who takes all 20 picture cards without bidding 20 has failed the hand."
    ),
    ("all_twenty", "bonus"): _(
        "A napoleon who takes all 20 picture cards on a lower bid wins double."
    ),
    ("discards_to", "napoleon"): _(
        "Picture cards among the napoleon's discards count for the napoleon's side."
    ),
    # ---- Japanese Napoleon: auction, card order, legal plays ----
    ("auction_order", "free"): _(
        "Bidding is free: anyone may call at any moment, each bid higher than the best so far. "
        "The bidding ends when every other player has passed since the last bid."
    ),
    ("all_pass", "widow_shown"): _(
        "If nobody bids, the widow is turned face up and a second round of bidding starts with "
        "the same player, earlier passes no longer binding; if all pass again, the cards are "
        "dealt again."
    ),
    ("all_pass", "previous_napoleon"): _(
        "If nobody bids, the last hand's napoleon must open with a bid, and the others may "
        "outbid as usual. On the first hand the cards are dealt again."
    ),
    ("all_pass", "starter_12S"): _(
        "If nobody bids, the first player to call becomes the napoleon with 12♠, even where "
        "the lowest bid is higher."
    ),
    ("all_pass", "previous_adjutant"): _(
        "If nobody bids, the last hand's adjutant must open with a bid, and the others may "
        "outbid as usual. On the first hand, or after a hand without an adjutant, the cards are "
        "dealt again."
    ),
    ("yoromeki_loses_to_jacks", True): _(
        "A yoromeki is cancelled when the trump jack or the same-colour jack is in the trick: "
        "♠A and the heart lose their power, and the jack wins."
    ),
    ("dq_beats_trump_jack", True): _(
        "♦Q catches the trump jack: it takes a trick the trump jack would otherwise win."
    ),
    ("hunting_jack", True): _(
        "Hunting jack: the jack of the paired suit (♠ with ♥, ♣ with ♦) takes a trick the trump "
        "jack or the same-colour jack would win, unless ♠A or both of those jacks are in it."
    ),
    ("plain_jack_lowest", True): _(
        "A jack with no special power is the lowest card of its suit, below the 2."
    ),
    ("same_two_in_trump", False): _(
        "A trick all in trumps is never a same two: its highest trump wins."
    ),
    ("same_two_led_joker", True): _(
        "A joker led, then every other card a trump with the 2 of trumps among them, is a same "
        "two too: the joker loses its power. A joker lead followed by one plain suit stays the "
        "joker's trick."
    ),
    ("joker_any_time", False): _(
        "The joker may be played only by a player who cannot follow the suit led."
    ),
    ("ura_jack_any_time", True): _(
        "The same-colour jack may be played at any time, like the joker: holding it never "
        "obliges anyone to follow suit or to answer a call for trumps."
    ),
    ("joker_lead_picture_request", True): _(
        "A player with no trump to answer a led joker must play a picture card (A K Q J 10), "
        "if holding one."
    ),
    ("joker_call", "S3_led"): _(
        "Leading ♠3 calls the joker: whoever holds it must play it to that trick, where it "
        "cannot win."
    ),
    ("joker_call", "C3_led"): _(
        "Leading ♣3 calls the joker: whoever holds it must play it to that trick, where it "
        "cannot win."
    ),
    ("joker_call", "S3_played"): _(
        "Once ♠3 is in a trick, led or not, whoever holds the joker and plays after it must "
        "play the joker, which cannot win."
    ),
    ("almighty_call", True): _("Leading ♠3 calls ♠A: whoever holds it must play it."),
    ("first_trick_restriction", "none"): _("The joker may be led to the first trick too."),
    ("first_trick_restriction", "no_joker"): _(
        "The joker may not be played to the first trick at all, led or not."
    ),
    ("first_trick_restriction", "no_joker_no_trump"): _(
        "Neither the joker nor a trump may be played to the first trick, unless the hand holds "
        "nothing else."
    ),
    ("ripper_without_call", "joker_keeps_power"): _(
        "A ripper led without calling the joker leaves the joker its power in that trick."
    ),
    ("ripper_first_trick", "lead_no_call"): _(
        "The ripper may be led to the first trick, but it cannot call the joker there."
    ),
    ("ripper_first_trick", "lead_and_call"): _(
        "The ripper may be led to the first trick and call the joker there."
    ),
    ("first_trick_trumps", "none"): _(
        "On the first trick no trump may be led or played while the hand has another card to play."
    ),
    ("first_trick_trumps", "free"): _("The declarer may lead a trump to the first trick."),
    ("no_trump_doubles", "made_only"): _("A no-trump contract doubles the score only when made."),
    ("back_run", "opponents_10"): _(
        "A failed contract is a back run, doubled, when the opponents took 10 points or more."
    ),
    ("back_run", "opponents_reach_bid"): _(
        "A failed contract is a back run, doubled, when the opponents took as many points as "
        "the bid or more."
    ),
    ("back_run", "off"): _("There is no back run: a failed contract is never doubled for it."),
    ("deal_miss", "on"): _(
        "A player whose dealt hand counts too low may call a deal miss as a first call; that "
        "player deals the cards again."
    ),
    ("discards_to", "target"): _(
        "Point cards among the napoleon's discards are shown and count for neither side: each "
        "one raises the napoleon's target by one, to 16 at most."
    ),
    ("four_player_table", "balanced"): _(
        "With four players the Taiwan table is balanced: every hand sums to zero."
    ),
    ("payout", "classic"): _(
        "Classic payout: misère made 3, failed 6; nap made 10, failed 5; Wellington made 20, "
        "failed 10; Blücher made 30, failed 15; the others their value both ways."
    ),
    ("all_pass", "dealer_bids_one"): _(
        "When everyone before the dealer passes, the dealer must bid, at least one trick."
    ),
    # ---- the Mighty ----
    ("called_joker_has_power", True): _(
        "A joker forced out by a call keeps its power: it wins unless the Mighty is played."
    ),
    ("joker_call_last_trick", False): _("The joker may not be called on the last trick."),
    ("mighty_defense", True): _(
        "When the joker is called, its holder may play the Mighty instead of the joker."
    ),
    ("bid_20_doubles", True): _("A made contract of 20 is doubled once more, on top of the run."),
    ("mighty_powerless", "first"): _(
        "On the first trick the Mighty has no power: it is a plain card of its suit, though it "
        "may still be played at any time."
    ),
    ("mighty_powerless", "last"): _(
        "On the last trick the Mighty has no power: it is a plain card of its suit, though it "
        "may still be played at any time."
    ),
    ("mighty_powerless", "first_and_last"): _(
        "On the first and the last trick the Mighty has no power: it is a plain card of its "
        "suit, though it may still be played at any time."
    ),
    ("alone_doubles_failed", False): _(
        "Playing alone doubles the score only when the contract is made."
    ),
    ("bid_20_doubles_failed", True): _(
        "A failed contract of 20 is doubled once more too, on top of any back run."
    ),
    ("failed_pays_back", True): _(
        "A failed contract pays back what making the bid exactly would have won, on top of the "
        "shortfall: S = (B − 10) + (B − P)."
    ),
    ("made_at_least_one", True): _(
        "A made contract scores at least 1 per share before any doubling, even where the "
        "formula gives 0 or less."
    ),
    # ---- Nap ----
    ("joker", True): _(
        "The joker is added to the pack as the highest trump: it wins any trick it is in and "
        "counts as a trump for following suit. Led to the first trick, its leader names the "
        "trump. In a misère without trumps it belongs to no suit: it may be played only by a "
        "player who cannot follow, and led, its leader names the suit to follow."
    ),
}
