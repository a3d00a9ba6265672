"""Analysis and bots: the double-dummy solver, the strong bots and their samples of hidden hands, the
lessons' played-on lines, two readings of one deal compared, and random play-outs."""
