"""The cube's compiled IDA*: one search for Korf's and the coset estimate, its rows and loads by
address, the estimates' lookups, and the adapter under ``kernels.ida_driver``."""
