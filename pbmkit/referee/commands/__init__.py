"""The referee's commands, a module a subject, every one listed in the registry
(:mod:`pbmkit.referee.commands.registry`, docs/referee.md, "Commands"):

* :mod:`~pbmkit.referee.commands.help`: ``help [GAME]``;
* :mod:`~pbmkit.referee.commands.membership`: ``signup``, ``confirm``, ``secret``;
* :mod:`~pbmkit.referee.commands.challenges`: ``challenge``, ``accept``, ``decline``, and the game
  an accepted challenge starts;
* :mod:`~pbmkit.referee.commands.games`: ``move`` (and a reply in a game's thread), ``resign``,
  ``draw``, ``queue``, and :func:`~pbmkit.referee.commands.games.play_for`, the path every move
  takes (its leave and the conditional replies after it called from there);
* :mod:`~pbmkit.referee.commands.lists`: ``show``, ``games``, ``history``, ``standings``,
  ``ratings``;
* :mod:`~pbmkit.referee.commands.leave`: ``vacation``, and the leave a move carries.

What a handler works with is :mod:`pbmkit.referee.context`; who may act,
:mod:`pbmkit.referee.security`; the tables, :mod:`pbmkit.referee.queries`.
"""
