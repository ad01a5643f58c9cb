before
sh-42
after
back

-- @@stderr --
to stderr
