#!/usr/bin/env bash
# A single-node Slurm "cluster" on localhost (Debian slurm-wlm and munge), to test the job-array
# scripts on one machine. Everything (configuration, state, logs, the munge socket) lives in DIR;
# nothing in /etc is changed. Run as root (slurmd needs it).
#
#   scripts/slurm/local-cluster.sh start DIR   # prints: export SLURM_CONF=DIR/slurm.conf
#   scripts/slurm/local-cluster.sh stop DIR    # ends the three daemons it started (by pid)
set -euo pipefail
action=${1:?usage: $0 start|stop DIR} dir=${2:?usage: $0 start|stop DIR}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
case $action in
  start)
    mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
    [ -f "$dir/munge/munge.key" ] || { dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none; chmod 400 "$dir/munge/munge.key"; }
    chmod 700 "$dir/munge"
    munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
      --pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munged.seed"
    cpus=$(nproc)
    cat > "$dir/slurm.conf" <<CONF
ClusterName=hoyito-local
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldPort=6817
SlurmdPort=6818
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
    export SLURM_CONF="$dir/slurm.conf"
    slurmctld -f "$SLURM_CONF"
    slurmd -f "$SLURM_CONF" -N localhost
    for _ in $(seq 1 60); do
      if sinfo -h -o %T 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then
        echo "export SLURM_CONF=$SLURM_CONF"
        exit 0
      fi
      sleep 1
    done
    echo "$0: the node did not come up in 60 s (logs in $dir/log)" >&2
    exit 1
    ;;
  stop)
    for pid_file in "$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munge/munged.pid"; do
      [ -f "$pid_file" ] || continue
      pid=$(cat "$pid_file")
      kill "$pid" 2>/dev/null || continue
      for _ in $(seq 1 100); do  # up to 10 s for it to save its state and end
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
      done
    done
    ;;
  *) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac
