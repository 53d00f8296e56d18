#!/usr/bin/env bash
# A one-node SLURM cluster on this machine for Perfcast's tests: munged, slurmctld and slurmd, partition
# `debug` with all the processors, every job run as root.
#   local-slurm.sh start [DIR]    configure and start the daemons (state and logs in DIR, default /tmp/perfcast-slurm)
#   local-slurm.sh stop [DIR]     stop slurmctld and slurmd
#   local-slurm.sh status         exit 0 when the node answers as idle, mixed or allocated
#   local-slurm.sh start-sshd [DIR]  a login node for the ssh tests: sshd on 127.0.0.1:2222 (PERFCAST_TEST_SSH_PORT)
#                                 with keys of its own, and DIR/ssh/ssh_config naming it perfcast-test-login
#                                 (ssh -F DIR/ssh/ssh_config root@perfcast-test-login); its sessions get JAVA_HOME
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

start_sshd() {
	local dir=$1/ssh port=${PERFCAST_TEST_SSH_PORT:-2222}
	command -v /usr/sbin/sshd > /dev/null || die "sshd is not installed; the ssh tests need: apt-get install openssh-server"
	mkdir -p "$dir" /run/sshd
	chmod 700 "$dir"
	[ -f "$dir/host_key" ] || ssh-keygen -q -t ed25519 -N '' -f "$dir/host_key"
	[ -f "$dir/client_key" ] || ssh-keygen -q -t ed25519 -N '' -f "$dir/client_key"
	cp "$dir/client_key.pub" "$dir/authorized_keys"
	chmod 600 "$dir/authorized_keys"
	cat > "$dir/sshd_config" <<CONFIG
Port $port
ListenAddress 127.0.0.1
HostKey $dir/host_key
AuthorizedKeysFile $dir/authorized_keys
PasswordAuthentication no
StrictModes no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
UsePAM no
PidFile $dir/sshd.pid
Subsystem sftp internal-sftp
${JAVA_HOME:+SetEnv JAVA_HOME=$JAVA_HOME}
CONFIG
	cat > "$dir/ssh_config" <<CONFIG
Host perfcast-test-login
  HostName 127.0.0.1
  Port $port
  IdentityFile $dir/client_key
  IdentitiesOnly yes
  StrictHostKeyChecking accept-new
  UserKnownHostsFile $dir/known_hosts
  LogLevel ERROR
CONFIG
	chmod 600 "$dir/ssh_config"
	if [ -f "$dir/sshd.pid" ] && kill -0 "$(cat "$dir/sshd.pid")" 2> /dev/null; then
		kill "$(cat "$dir/sshd.pid")"
		sleep 0.5
	fi
	/usr/sbin/sshd -f "$dir/sshd_config"
	for _ in $(seq 50); do
		ssh -F "$dir/ssh_config" -o BatchMode=yes root@perfcast-test-login true 2> /dev/null && {
			say "login node perfcast-test-login up (ssh -F $dir/ssh_config)"
			return 0
		}
		sleep 0.2
	done
	die "sshd on 127.0.0.1:$port did not answer"
}

stop() {
	local dir=$1 p
	[ -f "$dir/ssh/sshd.pid" ] && kill "$(cat "$dir/ssh/sshd.pid")" 2> /dev/null || true
	for p in slurmd slurmctld; do
		[ -f "$dir/$p.pid" ] && kill "$(cat "$dir/$p.pid")" 2> /dev/null || true
	done
}

case "${1:-}" in
start) start "${2:-/tmp/perfcast-slurm}" ;;
stop) stop "${2:-/tmp/perfcast-slurm}" ;;
status) node_up ;;
start-sshd) start_sshd "${2:-/tmp/perfcast-slurm}" ;;
*) die "usage: local-slurm.sh start|stop|start-sshd [DIR] | status" ;;
esac
