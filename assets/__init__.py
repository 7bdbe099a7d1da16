"""Icon drawings (SVG) used by the table picture; packaged so an installed busbot finds them."""
