# SPDX-License-Identifier: GPL-2.0-or-later
# tools/tool-lib.sh: sourced by the tools' wrappers.  Finds the tool's D
# script and pidtrace, parses the options every tool shares (-p, -c, -m,
# -h) plus the tool's own, and runs the script.
#
# A wrapper sets TOOL (its script's name, without .d), USAGE (its help),
# OPTS (getopts letters beyond "p:c:m:h") and a function tool_opt to take
# them, then calls tool_main "$@" and tool_run ARGS-OF-THE-SCRIPT...

here=$(dirname "$(readlink -f "$0")")
# the source tree (next to the wrapper), else the installed share folder
for d in "${PIDTRACE_TOOLS:-}" "$here" "$here/../share/pidtrace/tools"; do
	if [ -n "$d" ] && [ -f "$d/$TOOL.d" ]; then
		script=$d/$TOOL.d
		break
	fi
done
if [ -z "${PIDTRACE:-}" ]; then
	if [ -x "$here/../pidtrace" ] && [ -f "$here/$TOOL.d" ]; then
		PIDTRACE=$here/../pidtrace	# a build tree
	else
		PIDTRACE=pidtrace
	fi
fi

pid=
cmd=
module=a.out

usage()
{
	printf '%s\n' "$USAGE"
	cat <<'END'
  -p PID      trace the running process PID
  -c 'CMD'    run CMD and trace it
  -h          this help
END
	echo "  -m MODULE   module glob (default $module): a.out (the executable),"
	echo "              libc.so.6, lib*..."
}

tool_main()
{
	while getopts "p:c:m:h$OPTS" _o; do
		case $_o in
		p) pid=$OPTARG ;;
		c) cmd=$OPTARG ;;
		m) module=$OPTARG ;;
		h) usage; exit 0 ;;
		\?) usage >&2; exit 2 ;;
		*) tool_opt "$_o" "${OPTARG:-}" || { usage >&2; exit 2; } ;;
		esac
	done
	if [ -z "${script:-}" ]; then
		echo "$0: cannot find $TOOL.d (set PIDTRACE_TOOLS)" >&2
		exit 2
	fi
	if [ -n "$pid" ] && [ -n "$cmd" ] || [ -z "$pid$cmd" ]; then
		echo "$0: give one of -p PID or -c 'CMD'" >&2
		usage >&2
		exit 2
	fi
}

tool_run()
{
	if [ -n "$pid" ]; then
		exec "$PIDTRACE" -s "$script" -p "$pid" "$@"
	fi
	exec "$PIDTRACE" -s "$script" -c "$cmd" "$@"
}
