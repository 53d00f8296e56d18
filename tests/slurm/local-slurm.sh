#!/usr/bin/env bash
# A one-node SLURM cluster on this machine for Perfcast's tests: munged, slurmctld and slurmd, partition
# `debug` with all the processors, every job run as root.
#   local-slurm.sh start [DIR]    configure and start the daemons (state and logs in DIR, default /tmp/perfcast-slurm)
#   local-slurm.sh stop [DIR]     stop slurmctld and slurmd
#   local-slurm.sh status         exit 0 when the node answers as idle, mixed or allocated
# Needs root and Debian's packages: apt-get install slurm-wlm munge. It writes /etc/slurm/slurm.conf and
# refuses to replace one it did not write.
set -euo pipefail
MARK="# written by Perfcast's tests/slurm/local-slurm.sh"
CONF=/etc/slurm/slurm.conf

say() { printf 'local-slurm: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

node_up() {
	sinfo -h -o '%T' 2> /dev/null | grep -Eq '^(idle|mixed|allocated)'
}

start() {
	local dir=$1 host cpus
	for tool in munged slurmctld slurmd sbatch; do
		command -v "$tool" > /dev/null \
			|| die "$tool is not installed; SLURM's tests need: apt-get install slurm-wlm munge"
	done
	[ "$(id -u)" -eq 0 ] || die "starting the test cluster needs root (its daemons and jobs run as root)"
	if node_up && grep -qF "$MARK" "$CONF" 2> /dev/null; then
		say "already up"
		return 0
	fi
	if [ -f "$CONF" ] && ! grep -qF "$MARK" "$CONF"; then
		die "$CONF exists and is not the test cluster's; move it away to run SLURM's tests here"
	fi
	host=$(hostname -s)
	cpus=$(nproc)
	mkdir -p "$dir"/{state,spool,log} /etc/slurm
	# No systemd or cgroups on a test machine: Linux process tracking, no task plug-in, no accounting.
	cat > "$CONF" <<CONFIG
$MARK
ClusterName=perfcast-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SchedulerType=sched/backfill
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
NodeName=$host CPUs=$cpus RealMemory=4000 State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONFIG
	# munged refuses a log folder owned by another user unless forced
	mkdir -p /run/munge
	chown munge:munge /run/munge 2> /dev/null || true
	[ -s /etc/munge/munge.key ] || die "/etc/munge/munge.key is missing: reinstall munge"
	pgrep -x munged > /dev/null || munged --force
	pgrep -x slurmctld > /dev/null || slurmctld
	pgrep -x slurmd > /dev/null || slurmd
	for _ in $(seq 60); do
		if node_up; then
			say "node $host up (partition debug, $cpus processors; logs in $dir/log)"
			return 0
		fi
		scontrol update nodename="$host" state=resume > /dev/null 2>&1 || true
		sleep 1
	done
	die "the node did not come up within 60 s; see $dir/log"
}

stop() {
	local dir=$1 p
	for p in slurmd slurmctld; do
		[ -f "$dir/$p.pid" ] && kill "$(cat "$dir/$p.pid")" 2> /dev/null || true
	done
}

case "${1:-}" in
start) start "${2:-/tmp/perfcast-slurm}" ;;
stop) stop "${2:-/tmp/perfcast-slurm}" ;;
status) node_up ;;
*) die "usage: local-slurm.sh start|stop [DIR] | status" ;;
esac
