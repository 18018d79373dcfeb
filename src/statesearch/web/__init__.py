"""The local web playground's server: a JSON API over the same facade the CLI uses."""
