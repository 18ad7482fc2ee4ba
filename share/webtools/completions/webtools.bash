# bash completion for webtools: wfetch, wextract, wsearch, wrobots and
# web-control. Installed as share/bash-completion/completions/<program>
# (each a link to this file); or source it from ~/.bashrc.

_webtools_providers="parallel ollama searxng duckduckgo startpage codex keyless local"

_webtools() {
	local cur prev prog opts
	COMPREPLY=()
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	prog=${COMP_WORDS[0]##*/}
	case $prog:$prev in
	wfetch:-f|wfetch:--format|wextract:-f|wextract:--format)
		COMPREPLY=($(compgen -W "markdown text raw" -- "$cur")); return ;;
	wfetch:--render)
		COMPREPLY=($(compgen -W "never auto always" -- "$cur")); return ;;
	wfetch:-H|wfetch:--header)
		COMPREPLY=($(compgen -W "Accept: Accept-Language: Range: User-Agent:" -- "$cur")); return ;;
	wfetch:-o|wfetch:--output|wrobots:-f|wrobots:--robots-file)
		COMPREPLY=($(compgen -f -- "$cur")); return ;;
	wfetch:--page-type|wextract:--page-type)
		COMPREPLY=($(compgen -W "auto article forum product collection
		    listing documentation service other" -- "$cur")); return ;;
	wsearch:-t|wsearch:--time-range)
		COMPREPLY=($(compgen -W "day month year" -- "$cur")); return ;;
	web-control:--coordination)
		COMPREPLY=($(compgen -W "process host redis" -- "$cur")); return ;;
	web-control:--allow-files)
		COMPREPLY=($(compgen -d -- "$cur")); return ;;
	web-control:verdict)
		COMPREPLY=($(compgen -f -- "$cur")); return ;;
	web-control:run)
		COMPREPLY=($(compgen -W "start show end" -- "$cur")); return ;;
	web-control:reset)
		COMPREPLY=($(compgen -W "$_webtools_providers" -- "$cur")); return ;;
	*:--artifact|*:--focus|*:--start-line|*:--max-lines|*:--max-output-chars|\
	*:--offset|*:--max-chars|*:--timeout|*:--top|*:--url|*:--content-type|\
	*:--charset|*:--http-status|*:-n|*:--limit|*:-a|*:--alt|*:-d|*:--domain|\
	*:-x|*:--exclude-domain|*:-l|*:--language|*:-C|*:--country|*:--agent|\
	*:--max-requests|*:-P|*:--parallel|web-control:--status)
		return ;;
	esac
	case $prog in
	wfetch)
		opts="-f --format --render --start-line --max-lines
		    --max-output-chars --offset --max-chars --focus
		    --page-type --include-links -H --header --artifact --timeout --top -o
		    --output -s --silent -P --parallel --unordered -r --raw-output -c --compact --schema
		    -h --help -V --version" ;;
	wextract)
		opts="--url --content-type --charset --http-status -f --format
		    --focus --page-type --include-links --start-line --max-lines
		    --max-output-chars --offset --max-chars --next -r
		    --raw-output -c --compact --schema -h --help -V --version" ;;
	wsearch)
		opts="-n --limit -a --alt -d --domain -x --exclude-domain -l
		    --language -C --country -t --time-range -r --raw-output -c
		    --compact --schema -h --help -V --version" ;;
	wrobots)
		opts="-a --agent -f --robots-file --no-cache -c --compact
		    --schema -h --help -V --version" ;;
	web-control)
		opts="-j --json -c --compact --max-requests --coordination
		    --export --allow-files --no-liveness --status --schema -h
		    --help -V --version"
		if [[ $cur != -* ]]; then
			COMPREPLY=($(compgen -W "run status reset config doctor sources verdict mcp" -- "$cur"))
			return
		fi ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
	elif [[ $prog == wextract ]]; then
		COMPREPLY=($(compgen -f -- "$cur"))
	fi
}

complete -F _webtools wfetch wextract wsearch wrobots web-control
