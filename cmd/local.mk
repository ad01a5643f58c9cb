# The programs: each main() wires the stages together.
