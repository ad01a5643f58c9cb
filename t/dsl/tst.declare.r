0 []
pidtrace 44 6 4464 1

