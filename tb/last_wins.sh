# last_wins.sh: one helper for tests that write a base list of --set KEY=VALUE and then their
# overrides (as a user edits a line), sourced by gen/test_cli.sh and synth/test_tops.sh.
# cachegen refuses a key set twice (issue 33, gen/test_options.sh), so the base value goes.

# last_wins ARGS...: LW=(ARGS) with each --set KEY=VALUE dropped when a later one sets KEY
last_wins() {
    local a=("$@") i j skip
    LW=()
    for ((i = 0; i < ${#a[@]}; i++)); do
        if [ "${a[i]}" = --set ] && [ $((i + 1)) -lt ${#a[@]} ]; then
            skip=0
            for ((j = i + 2; j + 1 < ${#a[@]}; j++)); do
                [ "${a[j]}" = --set ] && [ "${a[j+1]%%=*}" = "${a[i+1]%%=*}" ] && skip=1
            done
            [ $skip = 1 ] || LW+=(--set "${a[i+1]}")
            i=$((i + 1))
        else
            LW+=("${a[i]}")
        fi
    done
}
