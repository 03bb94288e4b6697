"""Showing the rules and the scores to people: explanations, score tables, the rulebook and its dispute desk."""
