// A by-hand check, not part of the build: loads tile-definition XML files with JCloisterZone's own
// tile-pack builder (its engine compiled from source, see docs/export.md, jcz) and prints, as
// one JSON object on stdout, every tile the pack holds with its count, group, edge pattern and
// features (class, location, a field's adjoining cities, neighbouring features for the wagon).
//
//   java -cp <jcz classes>:<vavr>:<gson>:<slf4j> TilePackCheck.java \
//        --sets id1,id2 [--capabilities Garden,River] file.xml...
import com.jcloisterzone.Player;
import com.jcloisterzone.board.Tile;
import com.jcloisterzone.board.TileGroup;
import com.jcloisterzone.board.TilePack;
import com.jcloisterzone.board.TilePackBuilder;
import com.jcloisterzone.board.pointer.FeaturePointer;
import com.jcloisterzone.feature.Feature;
import com.jcloisterzone.feature.Field;
import com.jcloisterzone.feature.NeighbouringFeature;
import com.jcloisterzone.game.Capability;
import com.jcloisterzone.game.state.GameState;
import com.google.gson.Gson;
import io.vavr.collection.Array;
import io.vavr.collection.HashMap;
import io.vavr.collection.List;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;

public class TilePackCheck {
    public static void main(String[] args) throws Exception {
        java.util.List<String> files = new ArrayList<>();
        String sets = "";
        String caps = "";
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--sets")) sets = args[++i];
            else if (args[i].equals("--capabilities")) caps = args[++i];
            else files.add(args[i]);
        }
        List<Capability<?>> capabilities = List.empty();
        for (String c : caps.split(",")) {
            if (c.isEmpty()) continue;
            Class<?> cls = Class.forName("com.jcloisterzone.game.capability." + c + "Capability");
            capabilities = capabilities.append((Capability<?>) cls.getConstructor().newInstance());
        }
        GameState state = GameState.createInitial(HashMap.empty(), HashMap.empty(), capabilities, Array.of(new Player(0)), 0);
        io.vavr.collection.Map<String, Integer> tileSets = io.vavr.collection.LinkedHashMap.empty();
        for (String s : sets.split(",")) if (!s.isEmpty()) tileSets = tileSets.put(s, 1);

        TilePackBuilder builder = new TilePackBuilder();
        builder.setGameState(state);
        builder.setTileSets(tileSets);
        TilePack pack = builder.createTilePack(files);

        Map<String, Object> out = new LinkedHashMap<>();
        Map<String, Object> tiles = new LinkedHashMap<>();
        int total = 0;
        for (TileGroup group : pack.getGroups().values()) {
            for (Tile tile : group.getTiles()) {
                total++;
                @SuppressWarnings("unchecked")
                Map<String, Object> entry = (Map<String, Object>) tiles.get(tile.getId());
                if (entry != null) {
                    entry.put("count", (Integer) entry.get("count") + 1);
                    continue;
                }
                entry = new LinkedHashMap<>();
                entry.put("count", 1);
                entry.put("group", group.getName());
                entry.put("edges", tile.getEdgePattern().toString());
                java.util.List<Map<String, Object>> features = new ArrayList<>();
                for (var t : tile.getInitialFeatures()) {
                    FeaturePointer fp = t._1;
                    Feature f = t._2;
                    Map<String, Object> fe = new LinkedHashMap<>();
                    fe.put("class", fp.getFeature().getSimpleName());
                    fe.put("location", fp.getLocation().toString());
                    if (f instanceof Field) {
                        java.util.List<String> cities = new ArrayList<>();
                        for (FeaturePointer c : ((Field) f).getAdjoiningCities()) cities.add(c.getLocation().toString());
                        java.util.Collections.sort(cities);
                        fe.put("cities", cities);
                    }
                    if (f instanceof NeighbouringFeature) {
                        java.util.List<String> n = new ArrayList<>();
                        for (FeaturePointer c : ((NeighbouringFeature) f).getNeighboring()) n.add(c.getFeature().getSimpleName() + "/" + c.getLocation());
                        java.util.Collections.sort(n);
                        if (!n.isEmpty()) fe.put("neighbouring", n);
                    }
                    features.add(fe);
                }
                features.sort((a, b) -> (a.get("class") + "/" + a.get("location")).compareTo(b.get("class") + "/" + b.get("location")));
                entry.put("features", features);
                tiles.put(tile.getId(), entry);
            }
        }
        out.put("total", total);
        out.put("tiles", tiles);
        System.out.println(new Gson().toJson(out));
    }
}
