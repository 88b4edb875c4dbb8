#!/usr/bin/env bash
# Starts a single-node KRaft Kafka broker (broker + controller in one JVM) on loopback, in the background.
#   start.sh PORT DATADIR   -> clients use 127.0.0.1:PORT; prints the broker's pid (also in DATADIR/broker.pid)
# Formats DATADIR once; a second start on the same DATADIR reuses its cluster id and controller port.
# Logs: DATADIR/broker.log. Stop with stop.sh DATADIR. Needs install.sh's jars (it runs install.sh, cached).
set -euo pipefail
if [ $# -ne 2 ]; then echo "usage: $0 PORT DATADIR" >&2; exit 2; fi
here="$(cd "$(dirname "$0")" && pwd)"
port="$1"
mkdir -p "$2"
data="$(cd "$2" && pwd)"
libs="$(bash "$here/install.sh")"
free_port() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

if [ -f "$data/broker.pid" ] && kill -0 "$(cat "$data/broker.pid")" 2>/dev/null; then
  echo "start.sh: a broker already runs on $data (pid $(cat "$data/broker.pid"))" >&2; exit 1
fi
if answers "$port"; then echo "start.sh: port $port is taken" >&2; exit 1; fi

# The controller's port is part of the formatted quorum (--standalone): keep it across restarts.
if [ -f "$data/controller.port" ]; then cport="$(cat "$data/controller.port")"; else cport="$(free_port)"; echo "$cport" >"$data/controller.port"; fi
cat >"$data/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.bootstrap.servers=127.0.0.1:$cport
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$cport
advertised.listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$cport
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$data/logs
num.partitions=4
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=4
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=4
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
num.network.threads=2
num.io.threads=2
num.recovery.threads.per.data.dir=1
log.retention.hours=168
PROPS
cat >"$data/log4j.properties" <<'PROPS'
log4j.rootLogger=WARN, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.server.KafkaServer=INFO
log4j.logger.kafka.server.KafkaRaftServer=INFO
log4j.logger.kafka.server.BrokerServer=INFO
PROPS

jvm=(java -Xms128m -Xmx512m -XX:+UseG1GC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true
  "-Dlog4j.configuration=file:$data/log4j.properties" -cp "$libs/*")
if [ ! -f "$data/logs/meta.properties" ]; then
  cluster_id="$(node -e "let id;do id=require('crypto').randomBytes(16).toString('base64url');while(id.startsWith('-'));console.log(id)")"
  "${jvm[@]}" kafka.tools.StorageTool format -t "$cluster_id" -c "$data/server.properties" --standalone >"$data/format.log" 2>&1 \
    || { cat "$data/format.log" >&2; exit 1; }
fi

nohup "${jvm[@]}" kafka.Kafka "$data/server.properties" >>"$data/broker.log" 2>&1 </dev/null &
pid=$!
echo "$pid" >"$data/broker.pid"
for _ in $(seq 1 600); do
  if answers "$port"; then echo "$pid"; exit 0; fi
  if ! kill -0 "$pid" 2>/dev/null; then echo "start.sh: the broker exited; tail of $data/broker.log:" >&2; tail -n 40 "$data/broker.log" >&2; exit 1; fi
  sleep 0.1
done
echo "start.sh: the broker did not answer on 127.0.0.1:$port within 60s; see $data/broker.log" >&2
kill "$pid" 2>/dev/null || true
exit 1
